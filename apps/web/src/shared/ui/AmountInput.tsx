import { hasTwoDecimalsAtMost } from '@limelight/contracts/constants';
import { InputNumber, type InputNumberProps } from 'antd';

/** What an amount is for, and the limits it must keep: `what` opens the message ("A tip"). */
export type AmountLimits = {
  what: string;
  min?: number;
  max?: number;
  /** Written after a limit ("10 tokens"); `format` writes the whole limit instead ("$2.95"). */
  unit?: string;
  format?: (limit: number) => string;
  optional?: boolean;
};

/** Why an amount is refused, naming the limit it breaks; undefined when it may be sent. */
export function amountProblem(
  value: number | null | undefined,
  { what, min, max, unit = 'tokens', format, optional }: AmountLimits,
): string | undefined {
  if (value === null || value === undefined || Number.isNaN(value)) return optional ? undefined : `${what} needs an amount`;
  const withUnit = (limit: number) => (format ? format(limit) : unit ? `${limit} ${unit}` : String(limit));
  if (min !== undefined && value < min) return `${what} must be at least ${withUnit(min)}`;
  if (max !== undefined && value > max) return `${what} must be at most ${withUnit(max)}`;
  if (!hasTwoDecimalsAtMost(value)) return `${what} may have at most two decimals`;
  return undefined;
}

/** Form rules for an AmountInput: the limits are checked, never applied to what was typed. */
export const amountRules = (limits: AmountLimits) => [
  {
    validator: (_rule: unknown, value: number | null | undefined) => {
      const problem = amountProblem(value, limits);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];

/**
 * A money or token amount, kept as typed. It takes no min or max on purpose: antd's would
 * silently change an amount outside them when the field loses focus (a tip of 5 became 10, a
 * top-up of 1000 became 300); nor a precision, which rounded a third decimal away and wrote
 * "5" back as "5.00". An amount out of its limits, or finer than a cent, is refused with the
 * reason named instead (amountProblem); where the amount is said again (a Pay button), the
 * site's formatters write it.
 */
export function AmountInput(props: Omit<InputNumberProps<number>, 'min' | 'max'>) {
  return <InputNumber<number> {...props} />;
}
