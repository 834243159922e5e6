/**
 * ESC/POS entry point (`pos-sdk/escpos`): the bytes of a receipt printer's job (text in the printer's code page, QR
 * codes, cut, drawer kick), the printer profiles, and the transliteration of text a code page lacks (`王小明` ->
 * `WangXiaoMing`). Its own entry because the encoder and the transliteration table weigh far more than the rest of the
 * SDK: an app that prints another way never loads them. The network printer driver, which sends these bytes over TCP,
 * is `createEscPosDriver` from `pos-sdk/node`.
 */
export {
  ESC_POS,
  type EscPosEncodeOptions,
  type EscPosReceiptOptions,
  encodeEscPosDrawerKick,
  encodeEscPosQrCode,
  encodeEscPosReceipt,
  encodeEscPosText,
} from './hardware/encodeEscPos';
export {
  DEFAULT_ESC_POS_PROFILE,
  ESC_POS_PROFILES,
  type EscPosProfile,
  type EscPosProfileName,
} from './hardware/escPosProfiles';
export { printableDocument, printableText } from './hardware/printableText';
