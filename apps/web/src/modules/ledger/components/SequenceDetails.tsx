import { Card, Col, Row } from 'antd';
import { numberSegmentEntity, numberSequenceEntity, type EntityRecord } from '@erp/contracts';
import { EntityListPage, recordLabel } from '../../../shared/kit';
import { NumberPreview } from './NumberPreview';

/** One number sequence opened in the list: its segments (the generic list, filtered to it) and a live preview of its next number. */
export function SequenceDetails({ sequence }: { sequence: EntityRecord }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Card size="small" title={`Segments of ${String(sequence.code)}`}>
          <EntityListPage
            def={numberSegmentEntity}
            embedded
            filter={{ numberSequence: sequence.id }}
            initial={{ numberSequence: sequence.id }}
            knownLabels={{ numberSequence: { [sequence.id]: recordLabel(numberSequenceEntity, sequence) } }}
            hiddenFields={['numberSequence']}
          />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <NumberPreview sequence={sequence} />
      </Col>
    </Row>
  );
}
