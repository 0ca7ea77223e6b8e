import { Result, type ResultProps } from 'antd';
import { PageTitle } from './PageTitle';

/** antd's Result with its title as the page's h1, at Result's own size (loaded by Result.tsx when shown). */
export default function ResultView({ title, ...props }: ResultProps) {
  return (
    <Result
      title={title && <PageTitle style={{ fontSize: 'inherit', lineHeight: 'inherit', margin: 0, color: 'inherit' }}>{title}</PageTitle>}
      {...props}
    />
  );
}
