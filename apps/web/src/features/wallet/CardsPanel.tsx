import { CreditCardOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, List, Popconfirm, Tag, Typography } from 'antd';
import { formatCard } from '../../shared/lib/money';
import { errorMessage, toast } from '../../shared/lib/toast';
import { AddCardForm } from '../../shared/pay/AddCardForm';
import { useListPaymentCardsQuery, useRemovePaymentCardMutation, useSetDefaultPaymentCardMutation } from '../../shared/pay/api';

/**
 * The fan's saved cards and the form to add one: the site's gateway decides which form. The
 * wallet page holds whether the form is open, so the top-up card can open it too.
 */
export function CardsPanel({ adding, onAddingChange }: { adding: boolean; onAddingChange: (adding: boolean) => void }) {
  const { data, isLoading } = useListPaymentCardsQuery();
  const [remove] = useRemovePaymentCardMutation();
  const [setDefault, settingDefault] = useSetDefaultPaymentCardMutation();
  return (
    <Card
      id="wallet-cards"
      // Clear of the sticky header when the top-up card scrolls here.
      style={{ scrollMarginTop: 80 }}
      title="Cards"
      extra={
        !adding && (
          <Button icon={<CreditCardOutlined aria-hidden />} onClick={() => onAddingChange(true)}>
            Add card
          </Button>
        )
      }
    >
      {adding && <AddCardForm onDone={() => onAddingChange(false)} />}
      <List
        loading={isLoading}
        dataSource={data?.data}
        locale={{ emptyText: <Empty description="No card yet: add one to top up your wallet." /> }}
        renderItem={(card) => (
          // One row that wraps as a whole: the card on the left, its actions together on the right.
          <List.Item>
            <Flex justify="space-between" align="center" gap={8} wrap style={{ width: '100%' }}>
              <Flex gap={8} align="center" wrap>
                <CreditCardOutlined aria-hidden />
                <Typography.Text>{formatCard(card)}</Typography.Text>
                <Typography.Text type="secondary">
                  {String(card.expMonth).padStart(2, '0')}/{card.expYear}
                </Typography.Text>
                {card.isDefault && <Tag color="blue">Default</Tag>}
              </Flex>
              <Flex gap={4} align="center">
                {!card.isDefault && (
                  <Button
                    type="link"
                    size="small"
                    loading={settingDefault.isLoading && settingDefault.originalArgs?.id === card._id}
                    // The accessible name starts with the visible words (WCAG 2.5.3), then says which card.
                    aria-label={`Make default: ${card.brand} ending ${card.last4}`}
                    onClick={() =>
                      setDefault({ id: card._id })
                        .unwrap()
                        .then(() => toast.success(`${formatCard(card)} is your default card`))
                        .catch((error: unknown) => toast.error(errorMessage(error)))
                    }
                  >
                    Make default
                  </Button>
                )}
                <Popconfirm
                  title="Remove this card?"
                  onConfirm={() =>
                    remove({ id: card._id })
                      .unwrap()
                      .then(() => toast.success('Card removed'))
                      .catch((error: unknown) => toast.error(errorMessage(error)))
                  }
                >
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={`Remove ${card.brand} ending ${card.last4}`}
                  />
                </Popconfirm>
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
