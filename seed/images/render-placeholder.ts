/**
 * Neutral "image unavailable" placeholder in the same studio look as the product
 * photos: warm sweep, soft vignette and a faint hanger outline. No text, 4:5, tiny.
 * The same markup is committed as public/images/placeholder.svg.
 */
export function renderPlaceholderSvg(): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1500" viewBox="0 0 1200 1500">',
    '<defs>',
    '<radialGradient id="b" cx=".5" cy=".5" r=".78" fx=".4" fy=".34">',
    '<stop offset="0" stop-color="#f7f4ef"/><stop offset=".4" stop-color="#f1ede6"/>',
    '<stop offset=".78" stop-color="#e7e1d8"/><stop offset="1" stop-color="#d9d1c6"/>',
    '</radialGradient>',
    '<radialGradient id="s"><stop offset="0" stop-color="#6b5a48" stop-opacity=".16"/>',
    '<stop offset="1" stop-color="#6b5a48" stop-opacity="0"/></radialGradient>',
    '</defs>',
    '<rect width="1200" height="1500" fill="url(#b)"/>',
    '<ellipse cx="600" cy="930" rx="270" ry="24" fill="url(#s)"/>',
    '<g fill="none" stroke-linecap="round" stroke-linejoin="round">',
    // soft shadow of the icon, then the icon itself
    '<path transform="translate(6 10)" stroke="#a89c8d" stroke-opacity=".18" stroke-width="14" ',
    'd="M600 640V614C600 598 612 590 626 588C646 585 658 571 658 552C658 530 641 514 620 514C599 514 584 528 582 548',
    'M600 640L376 790Q356 806 382 812H818Q844 806 824 790Z"/>',
    '<path stroke="#b9ae9f" stroke-width="12" ',
    'd="M600 640V614C600 598 612 590 626 588C646 585 658 571 658 552C658 530 641 514 620 514C599 514 584 528 582 548',
    'M600 640L376 790Q356 806 382 812H818Q844 806 824 790Z"/>',
    '<path stroke="#fff" stroke-opacity=".45" stroke-width="3" d="M590 650L384 786"/>',
    '</g>',
    '</svg>',
  ].join('');
}
