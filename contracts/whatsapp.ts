import { formatNaira } from './money';

const link = (number: string, text: string) => `https://wa.me/${number}?text=${encodeURIComponent(text)}`;

/**
 * A wa.me link that opens the shop's WhatsApp chat with one product already described: with the
 * colour and size the shopper chose on its page (and that variant's price), as the bag's message has.
 */
export function whatsappProductLink(
  number: string,
  product: { name: string; priceKobo: number },
  url: string,
  choice: { color?: string | null; size?: string | null } = {},
): string {
  return link(
    number,
    [
      `Hello! I would like to order: ${product.name}`,
      `Price: ${formatNaira(product.priceKobo)}`,
      ...(choice.color ? [`Colour: ${choice.color}`] : []),
      ...(choice.size ? [`Size: ${choice.size}`] : []),
      `Link: ${url}`,
    ].join('\n'),
  );
}

export interface ChatOrderLine {
  name: string;
  unitPriceKobo: number;
  quantity: number;
  color: string | null;
  size: string | null;
  url: string;
}

/** The cart as a WhatsApp message: each piece with price, quantity, colour, size and link, the total, and the usual questions. */
export function whatsappCartLink(number: string, lines: ChatOrderLine[], totalKobo: number): string {
  const items = lines.flatMap((line, index) => [
    `${index + 1}. ${line.name}`,
    `   Price: ${formatNaira(line.unitPriceKobo)} × ${line.quantity}`,
    ...(line.color ? [`   Colour: ${line.color}`] : []),
    ...(line.size ? [`   Size: ${line.size}`] : []),
    `   Link: ${line.url}`,
  ]);
  return link(
    number,
    [
      'Hello! I would like to order these pieces:',
      '',
      ...items,
      '',
      `Total: ${formatNaira(totalKobo)} (before delivery)`,
      '',
      'Could you please tell me:',
      '- Are these available for delivery now?',
      '- What is the delivery fee to my area?',
      '- How long will delivery take?',
      '- How would you like me to pay?',
    ].join('\n'),
  );
}
