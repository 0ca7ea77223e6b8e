/** What other modules may use of the payments module (decision 004): everything else is its own. */

export { adminCardRows } from './admin-rows';
export { startCardPayment } from './card-payments';
export { cardLabels } from './cards';
export { stripeConnectAccount } from './connect';
export { activeGatewayName } from './gateways';
export { transactionFor } from './transactions';
