import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';

type Query = Record<string, string | number | undefined>;

/** The CSV export of a list at `path` with the table's current filters (all pages, capped by the server). */
export function exportUrl(path: string, query: Query) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && key !== 'offset' && key !== 'limit') params.set(key, String(value));
  }
  const search = params.toString();
  return `/api${path}/export.csv${search ? `?${search}` : ''}`;
}

/** The admin lists' download (decision 052): `<path>/export.csv` with the filters the table shows. */
export function CsvExportButton({ path, query }: { path: string; query: Query }) {
  return (
    <Button icon={<DownloadOutlined aria-hidden />} href={exportUrl(path, query)} download>
      Export CSV
    </Button>
  );
}
