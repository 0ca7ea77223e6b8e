import { Empty, Typography } from 'antd';
import type { CSSProperties } from 'react';

/** Where the x axis names a bar: the first, the middle and the last, each once (one bar is named once). */
export const xLabelIndexes = (count: number) => [...new Set([0, Math.floor((count - 1) / 2), count - 1])].filter((index) => index >= 0);

/**
 * A plain SVG bar chart (a few dozen bars at most): no charting library for one chart. The y axis
 * states its top and zero in the values' unit, the x axis names the first, middle and last bars;
 * each bar has a title, so hovering or a screen reader tells its value.
 */
export function BarChart({
  data,
  label,
  formatValue,
  formatKey,
  height = 160,
}: {
  data: Array<{ key: string; value: number }>;
  label: string;
  formatValue: (value: number) => string;
  formatKey: (key: string) => string;
  height?: number;
}) {
  if (!data.some((item) => item.value !== 0)) return <Empty description="Nothing in this period" />;
  const max = Math.max(...data.map((item) => item.value), 1);
  const width = 100 / data.length;
  const xLabels = xLabelIndexes(data.length);
  // The ends sit flush with the plot's edges; a label between them centres on its bar.
  const placeX = (index: number): CSSProperties =>
    data.length > 1 && index === 0
      ? { left: 0 }
      : data.length > 1 && index === data.length - 1
        ? { right: 0 }
        : { left: `${(index + 0.5) * width}%`, transform: 'translateX(-50%)' };
  return (
    <figure style={{ margin: 0, display: 'flex', gap: 8 }}>
      <div
        data-testid="chart-y-axis"
        style={{ display: 'flex', flexDirection: 'column', justifyContent: 'space-between', height, textAlign: 'right' }}
      >
        <Typography.Text type="secondary">{formatValue(max)}</Typography.Text>
        <Typography.Text type="secondary">{formatValue(0)}</Typography.Text>
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        <svg viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" width="100%" height={height} role="img" aria-label={label}>
          <line
            x1={0}
            x2={100}
            y1={height - 0.5}
            y2={height - 0.5}
            stroke="currentColor"
            strokeOpacity={0.25}
            vectorEffect="non-scaling-stroke"
          />
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
                <title>{`${formatKey(item.key)}: ${formatValue(item.value)}`}</title>
              </rect>
            );
          })}
        </svg>
        <div data-testid="chart-x-axis" style={{ position: 'relative', height: 22 }}>
          {xLabels.map((index) => (
            <Typography.Text key={index} type="secondary" style={{ position: 'absolute', whiteSpace: 'nowrap', ...placeX(index) }}>
              {formatKey(data[index]!.key)}
            </Typography.Text>
          ))}
        </div>
      </div>
    </figure>
  );
}
