import { ButtonLink } from './ButtonLink';
import { Result } from './Result';

export default function NotFoundPage() {
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="The page you are looking for does not exist."
      extra={
        <ButtonLink to="/" type="primary">
          Go home
        </ButtonLink>
      }
    />
  );
}
