import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Modal } from 'antd';
import { useState } from 'react';
import { useDialogKeys } from '../../shared/hooks/useDialogKeys';
import { useTabCycle } from '../../shared/hooks/useTabCycle';
import { ReportButton } from '../community';

export type LightboxPhoto = { key: string; src: string; alt: string };

/**
 * Photos one at a time, large: ← and → (or the buttons) walk through them, Esc closes. The dialog
 * keeps the focus inside while open and gives it back to the photo that opened it (rc-dialog does
 * both while the dialog stays mounted, so callers keep it rendered and toggle `open`).
 */
export function Lightbox({
  photos,
  index,
  open,
  onIndex,
  onClose,
  reportable = false,
}: {
  photos: LightboxPhoto[];
  index: number;
  open: boolean;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** Gallery photos (whose `key` is the photo's id) can each be reported. */
  reportable?: boolean;
}) {
  const photo = photos[index];
  const count = photos.length;
  const previous = () => onIndex((index - 1 + count) % count);
  const next = () => onIndex((index + 1) % count);

  useTabCycle(open);
  useDialogKeys(open && count > 1, { ArrowRight: next, ArrowLeft: previous });

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      centered
      width={960}
      title={count > 1 ? `Photo ${index + 1} of ${count}` : 'Photo'}
      className="lightbox"
    >
      {photo && (
        <Flex vertical gap={8} align="center">
          {/* Among several photos the stage keeps one height, so Previous and Next stay under the
              pointer whatever the shape of the photo (and while the next one loads). */}
          <div className={count > 1 ? 'lightbox-stage lightbox-stage-fixed' : 'lightbox-stage'}>
            <img src={photo.src} alt={photo.alt} data-testid="lightbox-image" />
          </div>
          {reportable && <ReportButton targetType="photo" targetId={photo.key} withLabel />}
          {count > 1 && (
            <Flex gap={8}>
              <Button icon={<LeftOutlined aria-hidden />} onClick={previous}>
                Previous photo
              </Button>
              <Button icon={<RightOutlined aria-hidden />} iconPlacement="end" onClick={next}>
                Next photo
              </Button>
            </Flex>
          )}
        </Flex>
      )}
    </Modal>
  );
}

/**
 * A picture that opens the lightbox: a real button, so Tab reaches it and Enter or Space opens it;
 * its name is the picture's alt.
 */
export function PhotoButton({
  src,
  alt,
  onOpen,
  square,
  size,
}: {
  src?: string | null;
  alt: string;
  onOpen: () => void;
  square?: boolean;
  /** The picture's own size, when known: its room is kept before it loads, so nothing below it moves. */
  size?: { width: number | null; height: number | null };
}) {
  return (
    <button type="button" onClick={onOpen} style={photoButtonStyle}>
      <img
        src={src ?? undefined}
        alt={alt}
        width={size?.width ?? undefined}
        height={size?.height ?? undefined}
        style={{
          display: 'block',
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          ...(square ? { aspectRatio: 1, borderRadius: 6 } : {}),
        }}
      />
    </button>
  );
}

const photoButtonStyle = {
  display: 'block',
  width: '100%',
  height: '100%',
  padding: 0,
  border: 0,
  background: 'none',
  cursor: 'zoom-in',
} as const;

/** The lightbox's state: which photo shows and whether it is open (the dialog stays mounted). */
export function useLightbox() {
  const [state, setState] = useState({ index: 0, open: false });
  return {
    ...state,
    show: (index: number) => setState({ index, open: true }),
    onIndex: (index: number) => setState((current) => ({ ...current, index })),
    onClose: () => setState((current) => ({ ...current, open: false })),
  };
}
