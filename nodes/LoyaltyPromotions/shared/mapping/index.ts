/**
 * Record fields taken straight from the input item. An operation opts in with `record`: input key → the typed
 * parameter it stands for ('sourceId', 'additionalFields.price'). Everything else is derived from that parameter:
 * the field's type and the rules its value is checked by. A mapped value is put where the typed field's value
 * would be, checked by the typed field's own rules (checkParameter), then build() reads it as if typed, so the
 * operation checks and sends it exactly as it does a typed value.
 *
 * Version 3: Record Fields is Set Each Field Below (the typed fields, each value given once) or Map Automatically
 * (the input item's keys, by name, with no expression per field). Version 2 offered the same through n8n's
 * resource mapper (Map Input Fields), kept for its saved workflows; its columns are never required there, since
 * the typed fields carry the value and its rules. Map Automatically's rules, so that what the panel shows is what
 * is sent:
 * - Names: the input key of the field's service name (source_id) is read first; else one key that matches it, or
 *   the typed parameter's name (sourceId), ignoring case, spaces, underscores and hyphens ("Source ID",
 *   "SOURCE_ID", "name "). A JSON field also takes dotted keys, one per key of its object ("metadata.tier").
 *   A value nested in the service's object is named by its own key there (amount_off, sku_id), or with its
 *   object's name where the key alone would mean another field too (point_earned_period, segment_id).
 * - A controlling field (one whose value decides which other fields the panel shows, e.g. a type) always stays
 *   typed and shown: n8n reads a parameter only while the panel's values show it. The item may repeat its value
 *   (it is checked and must be the panel's), never change it.
 * - A field the panel shows only for a controlling value (Amount Off for Discount Type Amount Off) is read from
 *   the item only while the panel's values (the controlling fields' typed values, per item) show it
 *   (panelVisibility, n8n's displayOptions rule). While hidden it is neither read nor required, and the item's
 *   key for it is not used: listed, or refused, as below, saying the panel's value it is not used for.
 * - A required field is hidden (the item gives it) and an item without it fails, naming the field and the key;
 *   except a required field shown only for a controlling value (Amount Off): it stays shown and typed, the typed
 *   value serving the items that do not give one and an item's value winning (the typed form requires it, and
 *   n8n runs no node with a required parameter empty).
 * - Any other field the item leaves out (or empty) keeps its typed value, so fixed values can stay typed.
 * - Input keys that match no field, or a field the panel hides, are never dropped silently: the output panel lists
 *   them (an execution hint), or with Unknown Input Fields set to Refuse the item fails naming them. An empty value
 *   of a hidden field is no value (a sheet's rows leave the columns of other types empty).
 * - Tool nodes (an AI agent's tools) offer no Record Fields: a model sets each field.
 * Every typed field and collection option is in its operation's record, under the service's name for it, except
 * those test/actions/mapping/coverage.test.cts lists with their reasons: node settings, locators, controlling
 * fields (they stay typed), metadata pairs beside the metadata key, JSON alternatives, lists of objects, and
 * settings nested in objects whose service names other fields share.
 *
 * Where each rule lives: record.ts (the record's fields), names.ts (which input key means which field),
 * visibility.ts (what the panel's values show), reader.ts (reading one item), parameters.ts (the parameters the
 * description shows), hints.ts (what the user is told).
 */
export { ignoredKeysHint, notShownKeysHint, withInputKey } from './hints';
export { controlAliases, fieldAliases, looseName } from './names';
export {
	MAPPING_PARAMETER,
	RECORD_FIELDS_PARAMETER,
	UNKNOWN_FIELDS_PARAMETER,
	hiddenWhenAutoMapped,
	mappingProperties,
	recordFieldsChoice,
	recordFieldsMethod,
	version2Mapper,
} from './parameters';
export { mappingReader, recordReader, withMapped, type MappedItem, type RecordReader } from './reader';
export { inCollection, jsonFieldsIn, nestedAt, recordFields, type RecordField } from './record';
export { controlFields, controllingParameters, notUsedReason, panelVisibility, shownByValue, type HiddenBy } from './visibility';
