import { randomBytes } from 'crypto';

/**
 * CSV as RFC 4180 writes it: a field holding a comma, a double quote, a line break or spaces at its edges is
 * quoted, with its quotes doubled; lines end with CRLF. Uploaded as a multipart/form-data file.
 */

export function csvField(value: string): string {
	return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(fields: string[]): string {
	return `${fields.map(csvField).join(',')}\r\n`;
}

/** A run of rows that fits one file: the CSV text, and which rows it holds. */
export interface CsvChunk {
	text: string;
	/** Index (into the rows given) of its first row. */
	first: number;
	count: number;
}

/**
 * The header and rows as CSV files of at most `maxBytes` each (UTF-8), each starting with the header. A single
 * row longer than that gets a file of its own (the service will judge it).
 */
export function csvChunks(header: string[], rows: string[][], maxBytes: number): CsvChunk[] {
	const head = csvLine(header);
	const headBytes = Buffer.byteLength(head);
	const chunks: CsvChunk[] = [];
	let lines: string[] = [];
	let bytes = headBytes;
	let first = 0;
	rows.forEach((row, index) => {
		const line = csvLine(row);
		const size = Buffer.byteLength(line);
		if (lines.length > 0 && bytes + size > maxBytes) {
			chunks.push({ text: head + lines.join(''), first, count: lines.length });
			lines = [];
			bytes = headBytes;
			first = index;
		}
		lines.push(line);
		bytes += size;
	});
	if (lines.length > 0) chunks.push({ text: head + lines.join(''), first, count: lines.length });
	return chunks;
}

/** A multipart/form-data body holding one file under `field`. */
export function multipartFile(field: string, fileName: string, contentType: string, content: string): { contentType: string; data: string } {
	let boundary: string;
	do boundary = `----loyalty-promotions-${randomBytes(12).toString('hex')}`;
	while (content.includes(boundary));
	const data =
		`--${boundary}\r\n` +
		`Content-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
		`Content-Type: ${contentType}\r\n\r\n` +
		`${content}\r\n` +
		`--${boundary}--\r\n`;
	return { contentType: `multipart/form-data; boundary=${boundary}`, data };
}
