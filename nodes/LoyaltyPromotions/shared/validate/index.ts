/**
 * Named rules checked before any request is sent, by concern: fail.ts (how a failure is reported), ids.ts, text.ts,
 * numbers.ts, dates.ts, options.ts, json.ts, and parameter.ts (a value checked by the type its property declares).
 */
export { fail, shown, type FieldContext } from './fail';
export { DATE_ONLY, requireDate, requireDateTime, requireIsoDateTime } from './dates';
export {
	PRODUCT_ID_PATTERN,
	PROGRAM_ID_PATTERN,
	SKU_ID_PATTERN,
	isIdList,
	isIdOrCode,
	locatorValue,
	optionalId,
	requireId,
	requireIdText,
	requirePattern,
	requirePatternList,
	requireProductId,
	requireProgramId,
	requireSkuId,
} from './ids';
export { checkJsonField, parseJsonArray, parseJsonObject, parseJsonObjectOrNull } from './json';
export {
	MAX_EXACT_AMOUNT,
	requireAmount,
	requireDecimal,
	requireIntegerInRange,
	requireNonZeroInteger,
	toMinorUnits,
	toSignedMinorUnits,
} from './numbers';
export { requireBoolean, requireOption, requireOptions } from './options';
export { checkParameter, requireAnyField } from './parameter';
export { characterCount, EMAIL_LENGTH, ID_LENGTH, isInvisibleOnly, isNameOrEmail, lengthBoundOf, requireHttpUrl, requireLengthWithin, requireNotNullWord, requireScalarText, requireText, requireVisible, type LengthBound } from './text';
