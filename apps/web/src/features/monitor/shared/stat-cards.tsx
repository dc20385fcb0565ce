import type { ReactNode } from 'react';
import { Card, Col, Row, Statistic } from 'antd';

/** A row of headline figures (RuoYi's overview cards): four to a row on a desktop, two on a phone. */
export function StatCards({ items }: { items: { title: ReactNode; value: ReactNode }[] }) {
  return (
    <Row gutter={[16, 16]}>
      {items.map((item, index) => (
        <Col key={index} xs={12} md={6}>
          <Card>
            <Statistic title={item.title} value={item.value as string} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
