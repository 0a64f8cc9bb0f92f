// The public entry of the web feature care-payments: what other features may use of it.
export { GetPaidByCardCard } from './components/get-paid-by-card-card';
export { AdminMoneyPanel } from './components/admin-money';
export { CardPaymentReceipt } from './components/card-payment-receipt';
