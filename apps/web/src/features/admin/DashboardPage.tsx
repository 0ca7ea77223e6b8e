import { type AdminDashboard, type AdminDashboardDay, adminDashboardPeriods } from '@limelight/contracts';
import { Alert, Card, Col, Empty, Row, Segmented, Skeleton, Statistic, Table, Typography, theme } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay } from '../../shared/lib/dates';
import { useFormatMoney } from '../../shared/lib/money';
import { PageTitle } from '../../shared/ui/PageTitle';
import { useAdminGetDashboardQuery } from './api';

type Series = { key: keyof Omit<AdminDashboardDay, 'date'>; label: string };
const people: Series[] = [
  { key: 'fans', label: 'Fan sign-ups' },
  { key: 'creators', label: 'Creator sign-ups' },
  { key: 'verifiedCreators', label: 'Creators verified' },
  { key: 'subscriptions', label: 'New subscriptions' },
];
const money: Series[] = [
  { key: 'revenue', label: 'Revenue (paid by fans)' },
  { key: 'fees', label: 'Platform fees' },
  { key: 'payouts', label: 'Payouts paid' },
  { key: 'refunds', label: 'Refunds' },
];
const ago = (iso: string | null) => (iso ? `${Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 86_400_000))} days` : 'none');

/** The period in the URL (`?days=7|30|90`), 30 unless it says otherwise. */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = (adminDashboardPeriods as readonly number[]).includes(asked) ? asked : 30;
  return [days, (value: number) => setParams({ days: String(value) })] as const;
}

/** The admin's home: the site's figures over a period as charts, and the queues waiting (decision 051). */
export function DashboardPage() {
  const [days, setDays] = usePeriod();
  const { data, isLoading, isError } = useAdminGetDashboardQuery({ days });
  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 }}>
        <PageTitle>Dashboard</PageTitle>
        <Segmented
          aria-label="Period"
          value={days}
          onChange={(value) => setDays(Number(value))}
          options={adminDashboardPeriods.map((value) => ({ value, label: `${value} days` }))}
        />
      </div>
      {isError && <Alert type="error" showIcon title="The dashboard could not be loaded. Try again in a moment." />}
      {isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
      {data && <DashboardBody data={data} />}
    </>
  );
}

function DashboardBody({ data }: { data: AdminDashboard }) {
  const formatMoney = useFormatMoney();
  const { queues, totals } = data;
  const period = `${formatDay(data.from)} to today`;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Card title="Reports waiting">
          <Statistic title="Open" value={queues.reports.open} />
          <Typography.Paragraph type={queues.reports.overdue ? 'danger' : 'secondary'} style={{ marginBottom: 8 }}>
            Oldest: {ago(queues.reports.oldestAt)} · past 7 days: {queues.reports.overdue}
          </Typography.Paragraph>
          <Link to="/admin/reports?status=open">Open the reports</Link>
        </Card>
      </Col>
      <Col xs={24} sm={12} lg={8}>
        <Card title="Creators to verify">
          <Statistic title="Awaiting review" value={queues.verification.waiting} />
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            Oldest: {ago(queues.verification.oldestAt)}
          </Typography.Paragraph>
          <Link to="/admin/creators?verification=pending">Review documents</Link>
        </Card>
      </Col>
      <Col xs={24} sm={12} lg={8}>
        <Card title="Payouts to pay">
          <Statistic title={`${queues.payouts.count} requests`} value={formatMoney(queues.payouts.amount)} />
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            Pending or approved, not paid yet
          </Typography.Paragraph>
          <Link to="/admin/payouts">Open the payouts</Link>
        </Card>
      </Col>
      <Col xs={24}>
        <Card title={`People, ${period}`} extra={`Active subscriptions now: ${data.activeSubscriptions}`}>
          <Chart
            data={data}
            series={people}
            kind="bar"
            format={(value) => String(value)}
            title="Sign-ups, verifications and new subscriptions per day"
          />
        </Card>
      </Col>
      <Col xs={24}>
        <Card title={`Money, ${period}`}>
          <Chart data={data} series={money} kind="line" format={formatMoney} title="Revenue, fees, payouts and refunds per day" />
        </Card>
      </Col>
      <Col xs={24}>
        <Card title="Totals for the period">
          <Table
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={[...people, ...money].map((item) => ({
              key: item.key,
              label: item.label,
              value: money.includes(item) ? formatMoney(totals[item.key]) : String(totals[item.key]),
            }))}
            columns={[
              { title: 'Figure', dataIndex: 'label' },
              { title: 'Total', dataIndex: 'value', align: 'right' },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

/**
 * One chart over the period. The figure's accessible name carries the totals, and the totals
 * table below states them; colours come from the theme, so the chart reads in dark mode too.
 */
function Chart({
  data,
  series,
  kind,
  format,
  title,
}: {
  data: AdminDashboard;
  series: Series[];
  kind: 'bar' | 'line';
  format: (value: number) => string;
  title: string;
}) {
  const { token } = theme.useToken();
  const colors = [token.colorPrimary, token.colorSuccess, token.colorWarning, token.colorError];
  const summary = `${title}. Totals: ${series.map((item) => `${item.label} ${format(data.totals[item.key])}`).join(', ')}.`;
  if (!data.series.some((day) => series.some((item) => day[item.key] !== 0))) return <Empty description="Nothing in this period" />;
  const axis = { stroke: token.colorTextSecondary, tick: { fill: token.colorTextSecondary, fontSize: 12 } };
  const common = (
    <>
      <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" />
      {/* Days and amounts as the headings and the rest of the site write them ("29 Oct", money with its currency). */}
      <XAxis dataKey="date" tickFormatter={(date: string) => formatDay(date)} {...axis} minTickGap={16} />
      <YAxis {...axis} width={kind === 'line' ? 80 : 56} allowDecimals={kind === 'line'} tickFormatter={(value: number) => format(value)} />
      <Tooltip
        formatter={(value) => format(Number(value))}
        labelFormatter={(date) => formatDay(String(date))}
        contentStyle={{ background: token.colorBgElevated, borderColor: token.colorBorder, color: token.colorText }}
        labelStyle={{ color: token.colorText }}
      />
      <Legend wrapperStyle={{ color: token.colorText }} />
    </>
  );
  return (
    <figure role="img" aria-label={summary} style={{ margin: 0, width: '100%', height: 280 }}>
      <ResponsiveContainer width="100%" height="100%">
        {kind === 'bar' ? (
          <BarChart data={data.series}>
            {common}
            {series.map((item, index) => (
              <Bar key={item.key} dataKey={item.key} name={item.label} fill={colors[index]} />
            ))}
          </BarChart>
        ) : (
          <LineChart data={data.series}>
            {common}
            {series.map((item, index) => (
              <Line key={item.key} dataKey={item.key} name={item.label} stroke={colors[index]} dot={false} strokeWidth={2} />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </figure>
  );
}
