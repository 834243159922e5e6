import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from './primitives';

/** POST /v1/admin/get_orders: orders of a period for an origin, optionally searched. */
export const GetOrdersRequestSchema = z.object({
  origin: IdSchema,
  from: IsoDateTimeSchema,
  to: IsoDateTimeSchema.optional(),
  /** Case-insensitive substring of the invoice id or the customer email. */
  search: z.string().max(200).optional(),
});
export type GetOrdersRequest = z.infer<typeof GetOrdersRequestSchema>;

/** POST /v1/admin/get_order: by `order_id`, or by `invoice_id`. */
export const GetOrderRequestSchema = z
  .object({ order_id: IdSchema.optional(), invoice_id: IdSchema.optional() })
  .refine((body) => body.order_id !== undefined || body.invoice_id !== undefined, {
    message: 'order_id or invoice_id is required',
    path: ['order_id'],
  });
export type GetOrderRequest = z.infer<typeof GetOrderRequestSchema>;

/** POST /v1/admin/add_order_note. */
export const AddOrderNoteRequestSchema = z.object({
  order_id: IdSchema,
  note: z.string().trim().min(1, 'must not be empty').max(1000),
});
export type AddOrderNoteRequest = z.infer<typeof AddOrderNoteRequestSchema>;

/** POST /v1/admin/cancel_order. */
export const CancelOrderRequestSchema = z.object({
  order_id: IdSchema,
  reason: z.string().trim().max(1000).optional(),
});
export type CancelOrderRequest = z.infer<typeof CancelOrderRequestSchema>;

/** POST /v1/admin/refund_order: the invoice and the refund reason. */
export const RefundOrderRequestSchema = z.object({
  invoice_id: IdSchema,
  message: z.string().trim().min(1, 'Refund Reason is required').max(1000),
});
export type RefundOrderRequest = z.infer<typeof RefundOrderRequestSchema>;

/** Formats of the order export. */
export const ExportFormatSchema = z.enum(['csv', 'json']);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** POST /v1/admin/export_order_report: the period's orders, streamed. */
export const ExportOrderReportRequestSchema = z.object({
  period: z.object({ from: IsoDateTimeSchema, to: IsoDateTimeSchema }),
  origin: IdSchema,
  format: ExportFormatSchema.optional(),
});
export type ExportOrderReportRequest = z.infer<typeof ExportOrderReportRequestSchema>;

/** The columns of the CSV export, in order. */
export const EXPORT_CSV_COLUMNS = [
  'date',
  'invoice',
  'order_id',
  'status',
  'customer_email',
  'items',
  'num_items',
  'subtotal',
  'discount',
  'total_amount',
  'cash',
  'card',
  'ewallet',
  'change',
  'staff',
  'terminal',
] as const;
