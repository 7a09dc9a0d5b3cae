import { useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Flex, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { numberSegmentEntity, type EntityRecord } from '@erp/contracts';
import { entityKey } from '../../../shared/kit';
import { previewNumber } from '../setup-api';
import { useDisplay } from '../../../shared/useDisplay';

const ISO_DATE = 'YYYY-MM-DD';

/**
 * The number the next document of the sequence would get on a date, without taking it. Its query
 * key sits under the segments' key, so editing a segment refreshes it; the sequence's updatedAt
 * in the key does the same when the sequence itself (its reset rule) changes.
 */
export function NumberPreview({ sequence }: { sequence: EntityRecord }) {
  const { pickerFormat } = useDisplay();
  const [date, setDate] = useState(() => dayjs().format(ISO_DATE));
  const preview = useQuery({
    queryKey: [...entityKey(numberSegmentEntity), 'preview', sequence.id, sequence.updatedAt, date],
    queryFn: ({ signal }) => previewNumber(sequence.id, date, signal),
  });
  return (
    <Card size="small" title="Next number">
      <Flex vertical gap={12}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text type="secondary">For a document dated</Typography.Text>
          <DatePicker
            aria-label="Preview date"
            value={dayjs(date, ISO_DATE)}
            format={pickerFormat}
            allowClear={false}
            onChange={(next) => {
              if (next) setDate(next.format(ISO_DATE));
            }}
          />
        </Flex>
        {preview.error ? (
          <Alert type="warning" showIcon title={preview.error.message} />
        ) : (
          <Spin spinning={preview.isFetching} size="small">
            <Typography.Text code copyable={preview.data ? { text: preview.data } : false} aria-label="Next number" style={{ fontSize: 20 }}>
              {preview.data ?? '…'}
            </Typography.Text>
          </Spin>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          A preview only: numbers are taken, without gaps, when documents are posted.
        </Typography.Text>
      </Flex>
    </Card>
  );
}
