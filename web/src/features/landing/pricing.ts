/** US dollars as the pricing shows them: "$0", "$9.99". */
export const formatUsd = (amount: number) => (amount === 0 ? '$0' : `$${amount.toFixed(2)}`);
