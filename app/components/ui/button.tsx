import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

/** Brand (primary), outlined (secondary) and text-only (ghost) actions; colours meet WCAG AA. */
const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'bg-white text-brand-700 ring-1 ring-brand-600 ring-inset hover:bg-brand-50',
  ghost: 'text-brand-700 hover:bg-brand-50',
};

const SIZES: Record<ButtonSize, string> = {
  /** Compact actions: a popover's Apply, a retry, a row's call to action. */
  sm: 'px-4 py-2 text-sm',
  /** Page actions; a fixed height (`h-11`) may be added beside it. */
  md: 'px-5 py-2.5 text-sm',
  /** The submit of a form or dialog, at body text size. */
  lg: 'px-5 py-2.5 text-base',
  /** A round icon-only button. */
  icon: 'grid h-8 w-8 place-items-center',
};

/**
 * The one look of Encore's buttons, for links styled as buttons (`<Link className={buttonClass()}>`)
 * as well as `<Button>`. `className` adds layout (margins, display, width, height), never
 * colours or padding: those come from the variant and the size.
 */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  className = '',
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return `rounded-full font-semibold disabled:opacity-60 ${VARIANTS[variant]} ${SIZES[size]} ${className}`.trim();
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

/** A `<button>` in the brand look; `type` is 'button' unless given (a form's submit says so). */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
