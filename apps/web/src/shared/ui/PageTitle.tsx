import { Typography } from 'antd';
import type { TitleProps } from 'antd/es/typography/Title';

/**
 * The page's one level-one heading (WCAG 1.3.1, 2.4.6), drawn at the size pages used for their
 * heading before (antd's level two): the outline says "this is the page", the look stays. A page
 * inside a Card passes `style={{ fontSize: 24 }}` as before; `className="visually-hidden"` keeps it
 * for screen readers where the screen shows the name another way.
 */
export function PageTitle({ className, ...props }: Omit<TitleProps, 'level'>) {
  return <Typography.Title level={1} className={className ? `page-title ${className}` : 'page-title'} {...props} />;
}
