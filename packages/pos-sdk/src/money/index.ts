export {
  absSen,
  addSen,
  compareSen,
  isNegative,
  isPositive,
  isZero,
  maxSen,
  minSen,
  multiplySen,
  negateSen,
  subtractSen,
  sumSen,
} from './arithmetic';
export { formatAmount, formatCurrency, formatRM } from './formatRM';
export { fromRinggit } from './fromRinggit';
export { roundTo2Decimals } from './hundredths';
export { parseRinggit } from './parseRinggit';
export { percentOf } from './percentOf';
export type { Sen } from './Sen';
export { sen, ZERO } from './Sen';
export { toRinggit } from './toRinggit';
