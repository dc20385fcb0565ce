import { Alert } from 'antd';

export interface BatchFailure {
  /** The resource's name as the user knows it. */
  name: string;
  /** The server's translated reason. */
  message: string;
}

/** The resources a batch request could not act on, each with its reason (assign, attach…). */
export function BatchFailures({
  title,
  failures,
  testId,
}: {
  title: string;
  failures: readonly BatchFailure[];
  testId: string;
}) {
  if (!failures.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {failures.map((failure) => (
            <li key={failure.name}>
              {failure.name}: {failure.message}
            </li>
          ))}
        </ul>
      }
      data-testid={testId}
    />
  );
}
