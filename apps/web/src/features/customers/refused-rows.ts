import {
  type CustomerImportColumn,
  type CustomerImportResult,
  customerImportHeaderMap,
  customerImportReasonLabels,
  customerImportRow,
  formatIssue,
  type Language,
} from '@avlu/contracts';
import { type ImportReader, refusedRowsSheet as refusedRows } from '../../lib/excel/refused-rows';
import type { XlsxCell } from '../../lib/excel/xlsx';

/** How the customer import reads a file (customers.import.ts): its headers, its row schema, its date column. */
export const customerImportReader: ImportReader<CustomerImportColumn> = {
  headerMap: customerImportHeaderMap,
  dateColumns: new Set(['customer_birthdate']),
  reasonLabels: customerImportReasonLabels,
  check: (values, language) => {
    const parsed = customerImportRow.safeParse(values);
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          field: issue.path.map(String).join('.') || null,
          reason: formatIssue(issue, language),
        }));
  },
};

/** The rows a customer import refused, as uploaded, with their reasons (lib/excel/refused-rows.ts). */
export const refusedRowsSheet = (
  file: Blob,
  result: CustomerImportResult,
  fieldName: (field: string | null) => string,
  language: Language,
  notListed: string,
): Promise<XlsxCell[][]> => refusedRows(customerImportReader, file, result, fieldName, language, notListed);
