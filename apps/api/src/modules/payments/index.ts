/** What other modules may use of the payments module (decision 004): everything else is its own. */

export { startCardPayment } from './card-payments';
export { stripeConnectAccount } from './connect';
export { activeGatewayName } from './gateways';
export { adminCardRows, cardLabels } from './repo/cards';
export { transactionFor } from './transactions';
