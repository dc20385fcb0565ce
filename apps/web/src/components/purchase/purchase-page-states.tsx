import { Button, Card, Col, Empty, Flex, Row, Skeleton } from 'antd';
import { ResultView } from '../result-view';

/** The purchase page's shape while its catalogue loads: section cards and the checkout card. */
export function PurchaseSkeleton({ testId }: { testId: string }) {
  return (
    <Row gutter={[20, 16]} data-testid={testId}>
      <Col xs={24} xl={16}>
        <Flex vertical gap={16}>
          {[0, 1, 2].map((index) => (
            <Card key={index}>
              <Skeleton active paragraph={{ rows: 3 }} />
            </Card>
          ))}
        </Flex>
      </Col>
      <Col xs={0} xl={8}>
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </Col>
    </Row>
  );
}

/** The catalogue could not be read: say so, and offer to ask again. */
export function PurchaseLoadFailed(props: {
  title: string;
  retry: string;
  onRetry: () => void;
  testId: string;
}) {
  return (
    <Card>
      <ResultView
        status="warning"
        title={props.title}
        extra={<Button onClick={props.onRetry}>{props.retry}</Button>}
        data-testid={props.testId}
      />
    </Card>
  );
}

/** Nothing is on sale (no region): what and why, in place of the form. */
export function NothingOnSale({ title, hint, testId }: { title: string; hint: string; testId: string }) {
  return (
    <Card>
      <Empty
        description={
          <Flex vertical gap={4} align="center">
            <strong>{title}</strong>
            <span>{hint}</span>
          </Flex>
        }
        data-testid={testId}
      />
    </Card>
  );
}
