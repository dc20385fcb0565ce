/** The top-up dialog's amount rules (spec §5 Top-up), free of React. */
import { MIN_TOPUP_DOLLARS } from '@cloudbay/contracts/core';

/** A preset amount, or the custom entry. */
export type AmountChoice = number | 'custom';

/** The amount the choice stands for; null while the custom entry is chosen but empty. */
export function chosenAmount(choice: AmountChoice, custom: number | null): number | null {
  if (choice !== 'custom') return choice;
  return custom ?? null;
}

/** Below the minimum: warned and not sent. */
export function isBelowMinimum(amount: number | null): boolean {
  return amount !== null && amount < MIN_TOPUP_DOLLARS;
}

/** The amount as POST /orders takes it: a decimal string with at most 2 decimals. */
export function moneyValue(amount: number): string {
  return (Math.round(amount * 100) / 100).toFixed(2);
}
