import { MAX_ALT_TEXT_LENGTH, type MediaFile } from '@limelight/contracts';
import { Flex, Input, Typography } from 'antd';
import { useId, useState } from 'react';
import { useUpdateMediaAltTextMutation } from '../api/media';
import type { Uploads } from '../hooks/useUploads';
import { errorMessage, toast } from '../lib/toast';

/** The files of a picker that have reached the server, in order. */
export const uploadedFiles = (uploads: Uploads) => uploads.items.flatMap((item) => (item.file ? [item.file] : []));

const HINT = 'Describe what the picture shows for people who cannot see it.';

/**
 * Alt text typed beside a form's uploads, written to the server when the form is saved (decision
 * 030). `save` writes only what changed, before the content itself, so it shows with it at once.
 */
export function useAltTexts() {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [setAltText] = useUpdateMediaAltTextMutation();
  const textOf = (file: MediaFile) => drafts[file._id] ?? file.altText ?? '';
  const change = (fileId: string, text: string) => setDrafts((current) => ({ ...current, [fileId]: text }));
  const save = (files: MediaFile[]) =>
    Promise.all(
      files
        .filter((file) => drafts[file._id] !== undefined && drafts[file._id]!.trim() !== (file.altText ?? ''))
        .map((file) => setAltText({ id: file._id, body: { altText: drafts[file._id]! } }).unwrap()),
    );
  return { textOf, change, save };
}
export type AltTexts = ReturnType<typeof useAltTexts>;

/** One alt text field per picture, each labelled with its place ("Alt text for photo 2") and, among several, shown beside it. */
export function AltTextFields({ files, altTexts, noun = 'photo' }: { files: MediaFile[]; altTexts: AltTexts; noun?: string }) {
  if (!files.length) return null;
  return (
    <Flex vertical gap={8} style={{ marginTop: 8 }}>
      {files.map((file, index) => (
        <AltTextField
          key={file._id}
          file={file}
          label={files.length > 1 ? `Alt text for ${noun} ${index + 1}` : `Alt text for the ${noun}`}
          value={altTexts.textOf(file)}
          onChange={(text) => altTexts.change(file._id, text)}
          withPicture={files.length > 1}
        />
      ))}
    </Flex>
  );
}

/** A gallery photo's alt text, written when the field is left (a gallery's photos have no form to save). */
export function SavedAltText({ file, label }: { file: MediaFile; label: string }) {
  const [value, setValue] = useState(file.altText ?? '');
  const [setAltText] = useUpdateMediaAltTextMutation();
  const write = () => {
    if (value.trim() === (file.altText ?? '')) return;
    setAltText({ id: file._id, body: { altText: value } })
      .unwrap()
      .then(() => toast.success('Alt text saved'))
      .catch((error: unknown) => toast.error(errorMessage(error)));
  };
  return <AltTextField file={file} label={label} value={value} onChange={setValue} onBlur={write} />;
}

function AltTextField({
  file,
  label,
  value,
  onChange,
  onBlur,
  withPicture,
}: {
  file: MediaFile;
  label: string;
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  withPicture?: boolean;
}) {
  const id = useId();
  return (
    <Flex gap={8} align="start">
      {withPicture && file.thumbnailUrl && (
        <img src={file.thumbnailUrl} alt="" width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />
      )}
      <Flex vertical className="alt-text-field">
        <label htmlFor={id}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {label}
          </Typography.Text>
        </label>
        <Input.TextArea
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          maxLength={MAX_ALT_TEXT_LENGTH}
          showCount
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder={HINT}
        />
      </Flex>
    </Flex>
  );
}
