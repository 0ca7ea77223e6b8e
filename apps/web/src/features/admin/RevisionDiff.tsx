import type { ProfileRevisionChange } from '@limelight/contracts';
import { Card, Flex, Image, Typography } from 'antd';
import { revisedFieldLabels } from '../moderation';

/** One side of a change: words, a picture or a video, or "Nothing" when the field was empty. */
function Side({ change, value, side }: { change: ProfileRevisionChange; value: string | null; side: string }) {
  const label = `${revisedFieldLabels[change.field]}, ${side.toLowerCase()}`;
  return (
    <Flex vertical gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
      <Typography.Text type="secondary">{side}</Typography.Text>
      {!value ? (
        <Typography.Text type="secondary" italic>
          Nothing
        </Typography.Text>
      ) : change.kind === 'image' ? (
        <Image src={value} alt={label} style={{ maxWidth: '100%', maxHeight: 200, objectFit: 'contain' }} />
      ) : change.kind === 'video' ? (
        // biome-ignore lint/a11y/useMediaCaption: user uploads carry no captions; the admin reviews the picture
        <video src={value} controls style={{ maxWidth: '100%' }} aria-label={label} />
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{value}</Typography.Paragraph>
      )}
    </Flex>
  );
}

/** A creator's pending profile changes, field by field: what fans see now beside what would replace it (decision 055). */
export function RevisionDiff({ changes }: { changes: ProfileRevisionChange[] }) {
  return (
    <Flex vertical gap={12}>
      {changes.map((change) => (
        <Card key={change.field} size="small" title={revisedFieldLabels[change.field]}>
          <Flex gap={16} wrap>
            <Side change={change} value={change.before} side="Public now" />
            <Side change={change} value={change.after} side="New" />
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
