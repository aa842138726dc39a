/** Text made safe inside HTML text and attribute values (mails, exports, seeded bodies). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
