import type { Earning } from '@limelight/contracts';
import { Card, Col, DatePicker, Flex, List, Row, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { ListCreatorEarningsApiArg } from '../../shared/api/generated/earnings';
import { listArg, useTableState } from '../../shared/hooks/useTableState';
import { daysBetween, formatDay } from '../../shared/lib/dates';
import { formatTokens } from '../../shared/lib/money';
import { chargeTypeLabels, labelOptions } from '../../shared/lib/money-labels';
import { BarChart } from '../../shared/ui/BarChart';
import { amountColumn, MoneyTable } from '../../shared/ui/MoneyTable';
import { PageTitle } from '../../shared/ui/PageTitle';
import { useGetCreatorEarningStatsQuery, useListCreatorEarningsQuery } from './api';

const filterNames = ['sourceType', 'fromDate', 'toDate'] as const;

/** What an earning came from; a refund's row says so. */
export function EarningSource({ earning }: { earning: Earning }) {
  return (
    <>
      <Tag>{chargeTypeLabels[earning.sourceType]}</Tag>
      {earning.isRefund && <Tag color="purple">Refund</Tag>}
    </>
  );
}

const useSales = (query: object) => useListCreatorEarningsQuery(listArg<ListCreatorEarningsApiArg>(query));

/** `/creator/earnings`: totals, a chart by day, the split by source, and every sale (URL state). */
export default function EarningsPage() {
  // The period is the sales table's filter too: both read it from the URL.
  const { state, setFilters } = useTableState(filterNames, { sortBy: 'createdAt' });
  const range = { fromDate: state.filters.fromDate ?? dayjs().subtract(29, 'day').format('YYYY-MM-DD'), toDate: state.filters.toDate };
  const { data: stats } = useGetCreatorEarningStatsQuery(range);
  // The API leaves out days without sales; the chart shows every day of the period, so its bars keep their dates.
  const netByDay = new Map(stats?.byDay.map((day) => [day.date, day.net]));
  const chartDays = daysBetween(range.fromDate, range.toDate ?? dayjs().format('YYYY-MM-DD')).map((date) => ({
    key: date,
    value: netByDay.get(date) ?? 0,
  }));

  return (
    <div className="page-wide">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle>Earnings</PageTitle>
        <DatePicker.RangePicker
          aria-label="Period"
          value={[dayjs(range.fromDate), range.toDate ? dayjs(range.toDate) : dayjs()]}
          classNames={{ popup: { root: 'range-popup' } }}
          onChange={(dates) => setFilters({ fromDate: dates?.[0]?.format('YYYY-MM-DD'), toDate: dates?.[1]?.format('YYYY-MM-DD') })}
        />
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} md={6}>
          <Card style={{ height: '100%' }}>
            <Statistic
              title={
                // The payout link sits in the title row, so this card is as tall as its neighbours.
                <Flex justify="space-between" gap={8} wrap>
                  Available
                  <Link to="/creator/payouts">Request a payout</Link>
                </Flex>
              }
              value={stats?.balance.available ?? 0}
              precision={2}
              suffix="tokens"
              data-testid="earnings-available"
            />
          </Card>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Card style={{ height: '100%' }}>
            <Statistic title="On hold for payouts" value={stats?.balance.onHold ?? 0} precision={2} suffix="tokens" />
          </Card>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Card style={{ height: '100%' }}>
            <Statistic title="Earned in period (net)" value={stats?.totalNet ?? 0} precision={2} suffix="tokens" />
          </Card>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Card style={{ height: '100%' }}>
            <Statistic title="Paid out, all time" value={stats?.balance.totalPaidOut ?? 0} precision={2} suffix="tokens" />
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <Card title="Net earnings by day">
            <BarChart
              label="Net earnings by day, in tokens"
              data={chartDays}
              formatValue={formatTokens}
              formatKey={(date) => formatDay(date)}
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title="By source">
            <List
              dataSource={stats?.bySource}
              locale={{ emptyText: 'No sales in this period' }}
              renderItem={(row) => (
                <List.Item>
                  <Flex justify="space-between" gap={8} wrap style={{ width: '100%' }}>
                    <span>
                      <Tag>{chargeTypeLabels[row.sourceType]}</Tag> {row.count} {row.count === 1 ? 'sale' : 'sales'}
                    </span>
                    <span data-testid="source-net">{formatTokens(row.net)}</span>
                  </Flex>
                </List.Item>
              )}
            />
            {stats && (
              <Typography.Text type="secondary">
                Gross {formatTokens(stats.totalGross)}, platform commission {formatTokens(stats.totalCommission)}
              </Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
      <Card style={{ marginTop: 16 }} title="Sales">
        <MoneyTable<Earning, (typeof filterNames)[number]>
          filterNames={filterNames}
          filter={{ name: 'sourceType', options: labelOptions(chargeTypeLabels), placeholder: 'Source', label: 'Filter by source' }}
          useList={useSales}
          columns={(sortOrder) => [
            { title: 'Source', key: 'source', render: (_: unknown, row) => <EarningSource earning={row} /> },
            { title: 'Fan', key: 'user', render: (_: unknown, row) => row.user.name },
            amountColumn('Gross', 'gross', { sortOrder }),
            amountColumn('Commission', 'commission'),
            amountColumn('Net', 'net', { sortOrder }),
          ]}
          phoneColumns={['source', 'user', 'net']}
          scrollX={700}
          empty="No sales yet."
        />
      </Card>
    </div>
  );
}
