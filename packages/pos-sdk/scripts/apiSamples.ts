/**
 * One example body and answer per call of the contract, as they travel on the wire. The API
 * reference (docs/api.md) shows them, and the contract and client tests send and parse them, so
 * an example that stops matching the contract fails a test instead of misleading a reader.
 */
import type {
  AddOrderNoteRequest,
  AdminLoginRequest,
  CancelOrderRequest,
  CartItem,
  CatalogAddRequest,
  CatalogEditRequest,
  CatalogExportRequest,
  CatalogImportRequest,
  CatalogProduct,
  CatalogRow,
  CheckoutRequest,
  EndpointName,
  EndShiftRequest,
  ExportOrderReportRequest,
  GetOrderRequest,
  GetOrdersRequest,
  GetTicketRequest,
  LookupMembershipRequest,
  Order,
  PairDeviceRequest,
  RefundOrderRequest,
  ResendReceiptRequest,
  SetFloatRequest,
  Shift,
  ShiftReport,
  SignInRequest,
  StaffAddRequest,
  StaffEditRequest,
  StaffMember,
  SyncConflict,
  TerminalPairRequest,
  TerminalRemoveRequest,
  Ticket,
  VenueSettings,
  VerifyPinRequest,
} from '../src/contract';

/** A time of 22-11-2026 in Kuala Lumpur, as the server writes it: in UTC, with `Z`. */
const at = (time: string) => new Date(`2026-11-22T${time}.000+08:00`).toISOString();

const venue: VenueSettings = {
  name: 'Demo Climbing Gym',
  address: '12 Jalan Ampang, 50450 Kuala Lumpur',
  registration_no: '202601234567 (1234567-X)',
  phone: '+60 3-2161 0000',
  receipt_footer: 'Thank you for climbing with us!',
  time_zone: 'Asia/Kuala_Lumpur',
  currency_display: 'RM',
};

const staffMember: StaffMember = {
  _id: 'user-1',
  email: 'cashier@demo.pos',
  name: { first: 'Ana', last: 'Cashier' },
  role: 'staff',
  approve_discounts: false,
  active: true,
  created_at: at('08:00:00'),
};

const catalogue: { items: [CatalogRow, CatalogRow]; products: CatalogProduct[] } = {
  items: [
    {
      type: 'PASS',
      sku: 'DAY-ADULT',
      product: 'Day Pass',
      category: 'Day Pass',
      group: 'Adult',
      price: 49,
      min_qty: 1,
      usage_limit: 1,
      entries_per_day: 1,
      duration: { value: 1, unit: 'Day' },
      active: true,
    },
    {
      type: 'MERCHANDISE',
      sku: 'GRIP-M',
      product: 'Grip Socks',
      size: 'M',
      price: 15,
      barcode: '9555000000017',
      active: true,
    },
  ],
  products: [
    { type: 'PASS', name: 'Day Pass', active: true },
    { type: 'MERCHANDISE', name: 'Grip Socks', active: true },
  ],
};

const shift: Shift = {
  _id: 'shift-1',
  terminal: 'TICKET01',
  staff: 'Ana Cashier',
  opened_at: at('08:00:00'),
  float: [{ cash: 200, at: at('08:00:05') }],
};

const xReport: ShiftReport = {
  shift_id: 'shift-1',
  terminal: 'TICKET01',
  staff: 'Ana Cashier',
  opened_at: at('08:00:00'),
  closed_at: null,
  float: 200,
  sales: { cash: 98, card: 350, ewallet: 0 },
  change_given: 2,
  refunds: { cash: 0, card: 0, ewallet: 0 },
  expected: { cash: 296, card: 350, ewallet: 0 },
  counted: null,
  variance: null,
  orders: { count: 2, refunded: 0, canceled: 0 },
};

const endReport: ShiftReport = {
  ...xReport,
  closed_at: at('18:00:00'),
  counted: { cash: 295.5, card: 350, ewallet: 0 },
  variance: { cash: -0.5, card: 0, ewallet: 0 },
};

const dayPassItem: CartItem = {
  sku: 'DAY-ADULT',
  name: 'Day Pass',
  category: 'Day Pass',
  group: 'Adult',
  quantity: 2,
  min_qty: 1,
  usage_limit: 1,
  duration: { value: 1, unit: 'Day' },
  visit_date: at('10:00:00'),
  type: 'PASS',
  price: { value: 49, currency: 'MYR' },
  discount: { type: 'percentage', value: 10, amount: 9.8, approver: 'user-2', approval: 'approval-1' },
};

const socksItem: CartItem = {
  sku: 'GRIP-M',
  name: 'Grip Socks',
  category: 'Merchandise',
  quantity: 1,
  type: 'MERCHANDISE',
  price: { value: 15, currency: 'MYR' },
};

const checkoutRequest: CheckoutRequest = {
  origin: 'STORE',
  email: 'guest@example.com',
  items: [dayPassItem, socksItem],
  num_items: 3,
  subtotal: 103.2,
  payment: { methods: [{ type: 'CASH', amount: 110 }], change: 6.8 },
};

const ticket: Ticket = {
  _id: 'TK-0001',
  date: at('10:02:00'),
  expiry: at('23:59:59'),
  status: 'Valid',
  display_status: 'Active',
  used: [],
  order: { _id: 'order-1', invoice: { _id: 'INV-000001' } },
  allow_redeem: true,
  pass: {
    name: 'Day Pass',
    sku: 'DAY-ADULT',
    visit_date: at('10:00:00'),
    usage_limit: 1,
    shareable: false,
    quantity: 2,
  },
  member: null,
  face: null,
};

const order: Order = {
  _id: 'order-1',
  date: at('10:02:00'),
  status: 'PAID',
  total_amount: 103.2,
  currency: 'MYR',
  origin: 'STORE',
  terminal: 'TICKET01',
  staff: 'Ana Cashier',
  invoice: { _id: 'INV-000001' },
  order_details: {
    customer: { email: 'guest@example.com' },
    cart: {
      items: [
        { ...dayPassItem, ticket: ['TK-0001'], amount: 88.2 },
        { ...socksItem, amount: 15 },
      ],
      subtotal: 103.2,
      discount: 9.8,
    },
  },
  payment: { methods: [{ type: 'CASH', amount: 110 }], change: 6.8 },
  tickets: ['TK-0001'],
  notes: [],
  refund: null,
  cancel: null,
};

const member = {
  name: 'Mia Member',
  email: 'mia@example.com',
  phone: { country_code: '60', number: '123456789' },
  dob: '1990-05-17',
};

const membershipTicket: Ticket = {
  ...ticket,
  _id: 'TK-0002',
  expiry: new Date('2026-12-22T23:59:59.000+08:00').toISOString(),
  order: { _id: 'order-2', invoice: { _id: 'INV-000002' } },
  pass: {
    ...ticket.pass,
    name: 'Monthly Membership',
    sku: 'MEMBER-1M',
    usage_limit: 0,
    quantity: 1,
    entries_per_day: 1,
  },
  member: { name: 'Mia Member', _id: 'mia@example.com', dob: '1990-05-17', phone: member.phone },
};

const renewalItem: CartItem = {
  sku: 'RENEW-1M',
  name: 'Membership Renewal',
  category: 'Membership',
  group: 'Adult',
  quantity: 1,
  min_qty: 1,
  usage_limit: 0,
  duration: { value: 1, unit: 'Month' },
  type: 'PASS',
  price: { value: 120, currency: 'MYR' },
  member: { ...member, type: 'renewal', sku: 'MEMBER-1M' },
};

const renewalRequest: CheckoutRequest = {
  origin: 'STORE',
  email: 'mia@example.com',
  items: [renewalItem],
  num_items: 1,
  subtotal: 120,
  payment: { methods: [{ type: 'CREDIT CARD', amount: 120 }], change: 0 },
};

const renewalOrder: Order = {
  ...order,
  _id: 'order-3',
  total_amount: 120,
  invoice: { _id: 'INV-000003' },
  order_details: {
    customer: { email: 'mia@example.com' },
    cart: { items: [{ ...renewalItem, ticket: ['TK-0002'], amount: 120 }], subtotal: 120 },
  },
  payment: renewalRequest.payment,
  tickets: ['TK-0002'],
};

/** An example of one call: its JSON body (when it has one) and its answer. */
export interface ApiSample {
  /** The JSON body sent. */
  readonly request?: unknown;
  /** The answer: JSON for JSON calls, the text of a streamed report, absent for binary answers. */
  readonly response?: unknown;
}

/** One example per call of `ENDPOINTS`. */
/** A sync conflict as get_sync_conflicts lists it: a redeem past the pass's limit on another terminal. */
const syncConflict: SyncConflict = {
  _id: 'c2f1a3b4-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  kind: 'redeem',
  key: '5b0d7f3e-8c2a-4d19-9e61-2f4a8b7c3d10',
  terminal: 'GATE02',
  staff: 'Ana Cashier',
  happened_at: at('10:31:12'),
  recorded_at: at('11:05:40'),
  message: 'Ticket is Fully Used',
  code: 'conflict',
  ticket_id: 'TZ4K7M2Q9XD',
  amount: 0,
  request: JSON.stringify({
    ticket_id: 'TZ4K7M2Q9XD',
    nonce: '5b0d7f3e-8c2a-4d19-9e61-2f4a8b7c3d10',
    used_at: at('10:31:12'),
  }),
  resolved: null,
};

export const API_SAMPLES = {
  health: { response: { ok: true } },
  signIn: {
    request: { email: 'cashier@demo.pos', password: 'demo1234' } satisfies SignInRequest,
    response: { idToken: 'id-token-1', email: 'cashier@demo.pos' },
  },
  adminLogin: {
    request: { idToken: 'id-token-1' } satisfies AdminLoginRequest,
    response: {
      userToken: 'user-token-1',
      profile: { _id: 'user-1', email: 'cashier@demo.pos', name: { first: 'Ana', last: 'Cashier' } },
      terminal: { _id: 'TICKET01', store: 'STORE' },
    },
  },
  signOut: {
    request: {},
    response: { signed_out: true },
  },
  pairDevice: {
    request: { code: 'K7QF3MXR' } satisfies PairDeviceRequest,
    response: { terminal: 'TICKET02', store: 'STORE' },
  },
  terminalStatus: {
    request: {},
    response: { terminal: 'TICKET02', store: 'STORE', registered: true },
  },
  terminalList: {
    request: {},
    response: [
      { _id: 'TICKET01', store: 'STORE', registered_at: at('08:00:00'), registered_by: 'pos-server' },
      { _id: 'TICKET02', store: 'STORE', registered_at: at('08:05:00'), registered_by: 'manager@demo.pos' },
    ],
  },
  terminalPair: {
    request: { terminal: 'TICKET02' } satisfies TerminalPairRequest,
    response: {
      terminal: 'TICKET02',
      store: 'STORE',
      code: 'K7QF-3MXR',
      expires_at: at('08:15:00'),
      registered: true,
    },
  },
  terminalRemove: {
    request: { terminal: 'TICKET02' } satisfies TerminalRemoveRequest,
    response: { terminal: 'TICKET02', removed: true },
  },
  users: {
    request: {},
    response: [{ _id: 'user-2', name: { first: 'Max', last: 'Manager' } }],
  },
  verifyPin: {
    request: { approver: 'user-2', pin: '2222' } satisfies VerifyPinRequest,
    response: { verified: true, approval: 'approval-1', expires_at: at('10:05:00') },
  },
  startShift: { request: {}, response: shift },
  setFloat: {
    request: { float: 50.5 } satisfies SetFloatRequest,
    response: { ...shift, float: [...shift.float, { cash: 50.5, at: at('12:00:00') }] },
  },
  shiftReport: { request: {}, response: xReport },
  endShift: {
    request: { cash: 295.5, card: 350, ewallet: 0 } satisfies EndShiftRequest,
    response: endReport,
  },
  passes: {
    response: [
      {
        _id: 'Day Pass',
        category: 'Day Pass',
        variants: [
          {
            sku: 'DAY-ADULT',
            group: 'Adult',
            price: [{ currency: 'MYR', value: 49 }],
            min_qty: 1,
            usage_limit: 1,
            duration: { value: 1, unit: 'Day' },
          },
          {
            sku: 'DAY-CHILD',
            group: 'Child',
            price: [{ currency: 'MYR', value: 40 }],
            min_qty: 1,
            usage_limit: 1,
            duration: { value: 1, unit: 'Day' },
          },
        ],
      },
    ],
  },
  merchandises: {
    response: [
      {
        _id: 'merch-1',
        name: 'Grip Socks',
        variants: [
          { sku: 'GRIP-S', size: 'S', price: { value: 15, currency: 'MYR' } },
          { sku: 'GRIP-M', size: 'M', price: { value: 15, currency: 'MYR' } },
        ],
      },
    ],
  },
  checkout: { request: checkoutRequest, response: { order, tickets: [ticket] } },
  getOrders: {
    request: { origin: 'STORE', from: at('00:00:00'), search: 'inv-0000' } satisfies GetOrdersRequest,
    response: [order],
  },
  getOrder: { request: { order_id: 'order-1' } satisfies GetOrderRequest, response: order },
  addOrderNote: {
    request: { order_id: 'order-1', note: 'Customer asked for a printed copy' } satisfies AddOrderNoteRequest,
    response: {
      ...order,
      notes: [{ text: 'Customer asked for a printed copy', by: 'Ana Cashier', at: at('10:10:00') }],
    },
  },
  cancelOrder: {
    request: { order_id: 'order-1', reason: 'Entered twice' } satisfies CancelOrderRequest,
    response: {
      ...order,
      status: 'CANCELED',
      cancel: { reason: 'Entered twice', by: 'Ana Cashier', at: at('10:15:00') },
    },
  },
  refundOrder: {
    request: { invoice_id: 'INV-000001', message: 'Customer left before entry' } satisfies RefundOrderRequest,
    response: {
      ...order,
      status: 'REFUNDED',
      refund: { reason: 'Customer left before entry', by: 'Ana Cashier', at: at('11:00:00') },
    },
  },
  resendReceipt: {
    request: { invoice_id: 'INV-000001', to: 'guest.corrected@example.com' } satisfies ResendReceiptRequest,
    response: {
      ...order,
      mail: [
        {
          kind: 'receipt',
          to: 'guest@example.com',
          status: 'failed',
          attempts: 8,
          last_error: '550 5.1.1 Mailbox unavailable',
          created_at: at('10:02:00'),
          sent_at: null,
        },
        {
          kind: 'passes',
          to: 'guest@example.com',
          status: 'failed',
          attempts: 8,
          last_error: '550 5.1.1 Mailbox unavailable',
          created_at: at('10:02:00'),
          sent_at: null,
        },
        {
          kind: 'receipt',
          to: 'guest.corrected@example.com',
          status: 'queued',
          attempts: 0,
          last_error: null,
          created_at: at('10:40:00'),
          sent_at: null,
        },
        {
          kind: 'passes',
          to: 'guest.corrected@example.com',
          status: 'queued',
          attempts: 0,
          last_error: null,
          created_at: at('10:40:00'),
          sent_at: null,
        },
      ],
    },
  },
  exportOrderReport: {
    request: {
      period: { from: at('00:00:00'), to: at('23:59:59') },
      origin: 'STORE',
      format: 'csv',
    } satisfies ExportOrderReportRequest,
    response:
      'date,invoice,order_id,status,customer_email,items,num_items,subtotal,discount,total_amount,cash,card,ewallet,change,staff,terminal\n' +
      `${at('10:02:00')},INV-000001,order-1,PAID,guest@example.com,Day Pass x2; Grip Socks x1,3,103.20,9.80,103.20,110.00,0.00,0.00,6.80,Ana Cashier,TICKET01\n`,
  },
  getTicket: { request: { ticket_id: 'TK-0001' } satisfies GetTicketRequest, response: ticket },
  ticketPhoto: {},
  checkTicketRedeem: {
    request: {},
    response: {
      ticket: { ...ticket, display_status: 'Fully Used', used: [{ at: at('10:30:00'), terminal: 'GATE01' }] },
      message: 'Ticket redemption successful',
    },
  },
  registerFace: { response: { ...ticket, face: { registered_at: at('10:20:00') } } },
  lookupMembership: {
    request: { email: 'mia@example.com' } satisfies LookupMembershipRequest,
    response: { member, orders: [renewalOrder], tickets: [membershipTicket] },
  },
  renewMembership: {
    request: renewalRequest,
    response: { order: renewalOrder, ticket: membershipTicket },
  },
  venue: { request: {}, response: venue },
  settingsSet: {
    request: {
      address: '12 Jalan Ampang, 50450 Kuala Lumpur',
      receipt_footer: 'Thank you for climbing with us!',
    },
    response: venue,
  },
  staffList: {
    request: {},
    response: [
      staffMember,
      {
        ...staffMember,
        _id: 'user-2',
        email: 'manager@demo.pos',
        name: { first: 'Max', last: 'Manager' },
        role: 'manager',
      },
    ],
  },
  staffAdd: {
    request: {
      email: 'siti@venue.my',
      first: 'Siti',
      last: 'Aminah',
      role: 'staff',
      password: 'a-long-password',
      pin: '4821',
    } satisfies StaffAddRequest,
    response: {
      ...staffMember,
      _id: 'user-3',
      email: 'siti@venue.my',
      name: { first: 'Siti', last: 'Aminah' },
    },
  },
  staffEdit: {
    request: { email: 'cashier@demo.pos', changes: { role: 'manager' } } satisfies StaffEditRequest,
    response: { ...staffMember, role: 'manager' },
  },
  staffSetActive: {
    request: { email: 'cashier@demo.pos', active: false },
    response: { ...staffMember, active: false },
  },
  staffResetPassword: {
    request: { email: 'cashier@demo.pos', password: 'a-new-long-password' },
    response: staffMember,
  },
  staffResetPin: { request: { email: 'cashier@demo.pos', pin: '9042' }, response: staffMember },
  catalogList: { request: {}, response: catalogue },
  catalogAdd: { request: { item: catalogue.items[1] } satisfies CatalogAddRequest, response: catalogue },
  catalogEdit: {
    request: { sku: 'DAY-ADULT', changes: { price: 52 } } satisfies CatalogEditRequest,
    response: catalogue,
  },
  catalogSetActive: { request: { sku: 'GRIP-M', active: false }, response: catalogue },
  catalogImport: {
    request: {
      format: 'csv',
      content:
        'type,sku,product,category,group,size,price,min_qty,usage_limit,duration_value,duration_unit,barcode,active\nPASS,DAY-ADULT,Day Pass,Day Pass,Adult,,52.00,1,1,1,Day,,true\n',
      dry_run: true,
    } satisfies CatalogImportRequest,
    response: {
      dry_run: true,
      applied: false,
      changes: [
        { line: 2, sku: 'DAY-ADULT', action: 'update', fields: [{ field: 'price', from: 49, to: 52 }] },
      ],
      summary: { add: 0, update: 1, unchanged: 0 },
    },
  },
  catalogExport: {
    request: { format: 'csv' } satisfies CatalogExportRequest,
    response: {
      format: 'csv',
      content:
        'type,sku,product,category,group,size,price,min_qty,usage_limit,duration_value,duration_unit,barcode,active,entries_per_day\nPASS,DAY-ADULT,Day Pass,Day Pass,Adult,,49.00,1,1,1,Day,,true,1\nMERCHANDISE,GRIP-M,Grip Socks,,,M,15.00,,,,,9555000000017,true,\n',
    },
  },
  auditList: {
    request: { from: at('00:00:00'), action: 'catalog', limit: 50 },
    response: {
      entries: [
        {
          at: at('09:00:00'),
          action: 'catalog.updated',
          staff: { _id: 'user-2', email: 'manager@demo.pos', name: 'Max Manager' },
          terminal: 'TICKET01',
          subject: { type: 'sku', id: 'DAY-ADULT' },
          amount: null,
          details: null,
        },
      ],
      next_cursor: null,
    },
  },
  offlinePrepare: {
    request: {},
    response: {
      policy: { max_offline_minutes: 480, max_offline_amount: 10000, max_offline_sales: 200 },
      ticket_ids: ['TZ4K7M2Q9XD', 'TZ8N3P5R1VB'],
      tickets: [ticket],
      server_time: at('08:59:58'),
    },
  },
  syncConflicts: { request: {}, response: [syncConflict] },
  resolveSyncConflict: {
    request: {
      id: syncConflict._id,
      note: 'Two adults entered on one pass; charged the second at the desk',
    },
    response: {
      ...syncConflict,
      resolved: {
        by: 'Max Manager',
        at: at('11:20:00'),
        note: 'Two adults entered on one pass; charged the second at the desk',
      },
    },
  },
} satisfies Record<EndpointName, ApiSample>;
