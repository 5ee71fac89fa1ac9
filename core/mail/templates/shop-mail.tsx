import { Body, Button, Container, Head, Heading, Html, Text } from '@react-email/components';
import { OrderSummary, orderSummaryLines, type MailOrderSummary } from './order-summary';

/** A paragraph of the mail, or an order's items and totals (a table in HTML, lines in the text). */
export type MailBlock = string | MailOrderSummary;

export interface ShopMailProps {
  shopName: string;
  heading: string;
  paragraphs: MailBlock[];
  action?: { label: string; url: string } | undefined;
}

const paper = '#fbf9f6';
const ink = '#17140f';
const muted = '#6b6358';
const serif = 'Georgia,serif';

/**
 * The shop's one mail: its name in spaced capitals, the heading, the paragraphs and a dark button
 * with its address written under it (for a mail reader that shows no buttons). 560 pixels at most,
 * so a phone shows it whole.
 */
export function ShopMail({ shopName, heading, paragraphs, action }: ShopMailProps) {
  return (
    <Html lang="en">
      <Head />
      <Body style={{ margin: 0, backgroundColor: paper, fontFamily: 'Arial,sans-serif', color: ink }}>
        <Container style={{ maxWidth: '560px', margin: '0 auto', padding: '32px 24px' }}>
          <Text style={{ fontFamily: serif, fontSize: '24px', letterSpacing: '6px', margin: '0 0 24px' }}>
            {shopName.toUpperCase()}
          </Text>
          <Heading as="h1" style={{ fontFamily: serif, fontSize: '22px', fontWeight: 'normal' }}>
            {heading}
          </Heading>
          {paragraphs.map((paragraph, index) =>
            typeof paragraph === 'string' ? (
              <Text key={index} style={{ fontSize: '15px', lineHeight: '1.6' }}>
                {paragraph}
              </Text>
            ) : (
              <OrderSummary key={index} summary={paragraph} />
            ),
          )}
          {action ? (
            <>
              <Text style={{ margin: '28px 0' }}>
                <Button
                  href={action.url}
                  style={{
                    backgroundColor: ink,
                    color: paper,
                    padding: '12px 22px',
                    textDecoration: 'none',
                    fontSize: '14px',
                    letterSpacing: '1px',
                  }}
                >
                  {action.label}
                </Button>
              </Text>
              <Text style={{ fontSize: '12px', color: muted }}>{`Or open: ${action.url}`}</Text>
            </>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** The plain-text part: the same words, a blank line between paragraphs, the link written out. */
export function shopMailText({ shopName, heading, paragraphs, action }: ShopMailProps): string {
  const lines = paragraphs.flatMap((paragraph) =>
    typeof paragraph === 'string' ? [paragraph] : orderSummaryLines(paragraph),
  );
  return [
    heading,
    '',
    ...lines.flatMap((line) => [line, '']),
    action ? `${action.label}: ${action.url}` : '',
    '',
    `— ${shopName}`,
  ]
    .join('\n')
    .trim();
}
