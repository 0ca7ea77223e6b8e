import { Empty, Typography } from 'antd';

/**
 * A plain SVG bar chart (a few dozen bars at most): no charting library for one chart. Each bar
 * has a title, so hovering or a screen reader tells its value.
 */
export function BarChart({ data, label, height = 160 }: { data: Array<{ key: string; value: number }>; label: string; height?: number }) {
  if (!data.length) return <Empty description="Nothing in this period" />;
  const max = Math.max(...data.map((item) => item.value), 1);
  const width = 100 / data.length;
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" width="100%" height={height} role="img" aria-label={label}>
        {data.map((item, index) => {
          // A day whose refunds outweigh its sales draws no bar; its title still tells the value.
          const barHeight = (Math.max(item.value, 0) / max) * (height - 4);
          return (
            <rect
              key={item.key}
              x={index * width + width * 0.15}
              y={height - barHeight}
              width={width * 0.7}
              height={barHeight}
              fill="#42b1e8"
              rx={0.6}
            >
              <title>{`${item.key}: ${item.value.toFixed(2)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Text type="secondary">{data[0]!.key}</Typography.Text>
        <Typography.Text type="secondary">{data.at(-1)!.key}</Typography.Text>
      </figcaption>
    </figure>
  );
}
