import type { BlogSceneInput } from './blog-images';

/** One Journal post of the demo shop: words, section, tags and how its picture is composed. */
export interface SeedBlogPost {
  title: string;
  excerpt: string;
  /** Paragraphs separated by blank lines; '## ' headings, '- ' lists, [words](/path) links. */
  body: string;
  author: string;
  category: 'style-guides' | 'care-and-craft' | 'lookbook' | 'behind-the-seams';
  tags: string[];
  daysAgo: number;
  imageAlt: string;
  scene: BlogSceneInput;
}

export const seedBlogPosts: SeedBlogPost[] = [
  {
    title: 'The Lagos Guide to a Suit That Fits',
    excerpt:
      'Shoulders, sleeves and the break of the trouser: five checks that turn a good suit into your suit, and how to wear it through a Lagos afternoon.',
    author: 'Tolu Adebayo',
    category: 'style-guides',
    tags: ['Tailoring', 'Suits', 'Lagos Style'],
    daysAgo: 3,
    imageAlt: 'A navy two-piece suit and a silk tie laid out on a warm stone backdrop in window light',
    scene: {
      backdrop: ['#2c3a4f', '#44597a', '#1c2535'],
      light: 'window',
      seed: 11,
      items: [
        { shape: 'suit', colorHex: '#1f2a44', x: 0.4, y: 0.93, height: 0.75 },
        { shape: 'tie', colorHex: '#7a2430', x: 0.72, y: 0.9, height: 0.51, rotate: 8 },
      ],
    },
    body: `A suit does not have to be expensive to look expensive. It has to fit. Most of what people admire in a well-dressed man at a Victoria Island lunch or a Sunday thanksgiving comes down to a handful of measurements, and every one of them can be checked in a fitting room in under five minutes.

## 1. Start with the shoulders

The shoulder is the one thing a tailor cannot easily change, so judge a jacket there first. The seam should end where your shoulder bone ends. If the sleeve head dimples or the pad overhangs, try the next size or a different cut rather than hoping alterations will rescue it.

## 2. Button it and breathe

With the top button fastened (the middle one on a three-button jacket), the front should lie flat with no X-shaped pull around the button. You should be able to slide a flat hand inside comfortably. A jacket that hugs is flattering; one that strains will wrinkle by the end of the first meeting.

## 3. Show a little cuff

Let your arms hang naturally. About a centimetre of shirt cuff should show beyond the jacket sleeve. It frames the hand, protects the jacket cuff from wear and quietly signals that the outfit was put together on purpose.

## 4. Decide on the break

The break is the fold where the trouser meets the shoe. In Lagos heat and on Lagos roads we prefer a slight break or none at all: a clean line that clears the pavement, keeps the hem dry in the rainy season and looks sharper with loafers.

## 5. Choose cloth for the climate

A lightweight wool with an open weave, such as tropical wool or hopsack, breathes far better than most cotton blends and keeps its press through traffic. Half-lined or unlined jackets help too. Our [Ikoyi Row two-piece suits](/category/mens-suits) are cut in exactly these cloths, and a [hopsack blazer](/category/mens-blazers) worn with chinos covers the days when a full suit is too much.

## Finishing touches

Keep accessories deliberate: one good watch, a belt that matches your shoes, and a tie with a little texture. A knitted or grenadine tie in burgundy or bottle green works with navy and grey alike, and you will find a selection under [ties and accessories](/category/ties-and-accessories).

Take these five checks with you the next time you try on a suit, and any good tailor can handle the small adjustments that remain: sleeve length, trouser hem and a nip at the waist.`,
  },
  {
    title: 'Leather Bag Care Through Harmattan and the Rainy Season',
    excerpt:
      'Dry winds crack leather and humid months invite mould. A simple routine for each season keeps a good handbag supple, clean and beautiful for a decade.',
    author: 'Chiamaka Obi',
    category: 'care-and-craft',
    tags: ['Bag Care', 'Leather', 'Harmattan'],
    daysAgo: 10,
    imageAlt: 'A cognac leather handbag beside a cream tote on a sand-coloured backdrop',
    scene: {
      backdrop: ['#d9c3a5', '#ead9c0', '#c4a98a'],
      light: 'blinds',
      seed: 23,
      items: [
        { shape: 'handbag', colorHex: '#8a4b2a', x: 0.37, y: 0.93, height: 0.57 },
        { shape: 'tote', colorHex: '#efe6d6', x: 0.68, y: 0.93, height: 0.64 },
      ],
    },
    body: `Nigeria asks a lot of leather. From November the harmattan pulls moisture out of everything it touches, and from April the air is so humid that a bag left in a wardrobe can grow a bloom of mould in a fortnight. The good news is that full-grain leather is forgiving if you look after it a little, often.

## In the harmattan: feed and cover

Dust is abrasive and dry air makes leather brittle. Once a week, wipe the bag with a soft, dry cloth to lift the dust before it settles into the grain. Once a month, work a pea-sized amount of neutral leather conditioner into a clean cloth and then into the bag in small circles. Let it rest overnight before you carry it.

- Keep bags out of direct sun and away from the car dashboard.
- Store them in the cotton dust bag they came in, never in plastic.
- Stuff the body with tissue paper so the sides keep their shape.

## In the rainy season: dry and breathe

If a bag gets caught in the rain, blot it at once with a towel. Never use a hair dryer or leave it in the sun to dry; heat shrinks leather and leaves water marks. Let it dry slowly at room temperature, stuffed with paper to absorb moisture from inside.

Mould loves dark, closed spaces. Open your wardrobe for an hour on dry days, keep a sachet of silica gel in each dust bag, and take your bags out and carry them. A bag that is used is a bag that is aired.

## Light-coloured leather

Cream and blush leathers pick up colour from denim and newsprint. A light application of a protective spray before first use helps, and a barely damp cloth with a drop of mild soap will lift most marks if you act quickly. Test on an inside corner first.

## When to ask for help

Scuffed corners, loose stitching and tired edge paint are normal after years of use, and all of them can be repaired. Every bag in our [handbags](/category/handbags) and [tote bags](/category/tote-bags) collections is covered by our warranty against manufacturing defects. If something is not right, [contact us](/contact) and we will arrange a look.`,
  },
  {
    title: 'Owambe Ready: Agbada, Kaftan and the Art of the Entrance',
    excerpt:
      'From a small naming ceremony to a three-day wedding, what to wear when the invitation says owambe, with colour combinations that photograph beautifully.',
    author: 'Tolu Adebayo',
    category: 'lookbook',
    tags: ['Owambe', 'Agbada', 'Lagos Style'],
    daysAgo: 18,
    imageAlt: 'A royal blue agbada with a gold evening bag on a deep emerald backdrop',
    scene: {
      backdrop: ['#173a30', '#2b5a4a', '#0f2820'],
      light: 'arch',
      seed: 37,
      items: [
        { shape: 'agbada', colorHex: '#27479b', x: 0.42, y: 0.93, height: 0.77 },
        { shape: 'evening', colorHex: '#c6a14a', x: 0.76, y: 0.9, height: 0.33 },
      ],
    },
    body: `Nobody dresses down for an owambe. A Lagos party is where people see and are seen, and the outfit is half the celebration. Whether it is a naming ceremony, a fiftieth birthday or a wedding with its own aso-ebi colour, here is how we would put the look together this season.

## The agbada: go grand, keep it clean

The agbada is the most commanding thing a man can wear, and its volume is the point. Let the fabric do the talking: a rich solid colour with tonal embroidery at the neck reads more expensive than busy prints. Our [Oba Grand agbada sets](/category/agbada) come with the inner kaftan and trousers cut to match, so the proportions are right from the start.

Fold the sleeves back over the shoulders when you sit or eat; it is what they are designed for. Finish with a fila in the same colour or a shade darker, and plain leather slippers or loafers.

## The kaftan: the smart choice for long days

For a daytime engagement or a party that runs from afternoon into the night, a senator kaftan is cooler and easier to move in. Look for a sharp collar, a placket that sits flat and trousers with a slim but not tight leg. The [kaftan collection](/category/kaftans) runs from crisp white to deep burgundy.

## Colour that photographs well

- Royal blue with gold embroidery: regal in daylight and under event lighting.
- Cream with champagne accents: fresh for daytime, and works with almost any aso-ebi.
- Burgundy with black: rich and evening-ready.
- Emerald with ivory: confident without shouting.

## For her: one perfect bag

If you are dressing as a couple, let the bag pick up the embroidery colour rather than the fabric. A small metallic clutch or structured evening bag is all you need for cash gifts, a phone and lipstick. Our [evening bags](/category/evening-bags) were chosen for exactly this.

Order well ahead of the date so there is time for any adjustments, and read our [shipping information](/shipping) for delivery times to your state.`,
  },
  {
    title: 'Linen, Wool or Aso-Oke? A Fabric Guide for West African Weather',
    excerpt:
      'Which cloths breathe in 32 degrees and 80 per cent humidity, which crease, and which are worth the investment. A practical guide to what your clothes are made of.',
    author: 'Ifeoma Nwankwo',
    category: 'care-and-craft',
    tags: ['Fabrics', 'Tailoring', 'Linen'],
    daysAgo: 27,
    imageAlt: 'A white oxford shirt, a linen shirt and a merino knit arranged on a terracotta backdrop',
    scene: {
      backdrop: ['#a4553a', '#c27352', '#7e3d27'],
      light: 'leaves',
      seed: 41,
      items: [
        { shape: 'shirt', colorHex: '#f2efe8', x: 0.3, y: 0.93, height: 0.66 },
        { shape: 'knitwear', colorHex: '#35383d', x: 0.7, y: 0.93, height: 0.62 },
      ],
    },
    body: `Labels tell you what a garment is made of, but rarely what that means for wearing it in Lagos, Abuja or Port Harcourt. Here is what we have learned from years of choosing cloth for this climate.

## Linen: cool, honest and creased

Linen is spun from flax and is one of the coolest fabrics there is: it wicks moisture away and dries fast. It also creases, and that is part of its charm. Choose linen for weekend shirts and relaxed trousers, and accept a little softness by evening. A linen-cotton blend creases less while keeping most of the breathability.

## Cotton: oxford, poplin and seersucker

Cotton is the workhorse. Poplin is smooth and formal; oxford cloth is slightly heavier with a visible basket weave and looks better the more it is washed; seersucker's puckered surface holds the fabric away from the skin, which is wonderful in humidity. Our [shirts](/category/mens-shirts) are all long-staple cotton, which feels softer and pills less.

## Wool: yes, even here

Many people avoid wool in the tropics, but fine, open-weave wools breathe better than synthetics and resist wrinkles far better than linen. Tropical wool and hopsack are the cloths for suits and blazers you want to wear all year. Merino, spun fine, makes a light knit for air-conditioned offices and harmattan mornings; see our [knitwear](/category/knitwear).

## Aso-oke: the heirloom

Hand-woven on narrow looms by Yoruba weavers, aso-oke is stiff, lustrous and built to last generations. It is ceremonial cloth: wear it for the occasions that matter, dry-clean it, and store it rolled rather than folded to protect the weave.

## What to avoid

Be careful with polyester-heavy blends in the heat. They are cheap and hold a crease, but they trap sweat and smell sooner. A small percentage of elastane in trousers is fine for comfort; a shirt that is mostly polyester is not.

## Care in one line each

- Linen: wash cool, iron damp.
- Cotton shirts: wash at 40, hang to dry, iron on the reverse.
- Wool: brush after wearing, steam instead of ironing, dry-clean rarely.
- Aso-oke: dry-clean only, store rolled in cotton.`,
  },
  {
    title: 'Inside the Workshop: How a Structured Tote Is Made',
    excerpt:
      'Forty-two pieces of leather, three days and one pair of hands. We spent a week with the leatherworkers who make our structured totes.',
    author: 'Rossy Studio',
    category: 'behind-the-seams',
    tags: ['Craftsmanship', 'Leather', 'Bag Care'],
    daysAgo: 40,
    imageAlt: 'A black structured tote and a chocolate satchel on a dark charcoal workbench backdrop',
    scene: {
      backdrop: ['#3a3430', '#57504a', '#24201d'],
      light: 'spot',
      seed: 53,
      items: [
        { shape: 'tote', colorHex: '#1b1b1b', x: 0.38, y: 0.93, height: 0.66 },
        { shape: 'satchel', colorHex: '#4a2c20', x: 0.7, y: 0.9, height: 0.46 },
      ],
    },
    body: `Before a structured tote reaches our shelves it has passed through one pair of hands for three full days. We spent a week in the workshop that makes them to understand why a well-made bag costs what it does, and why it lasts.

## It begins with the hide

The leather is full-grain cowhide, vegetable-tanned and chosen hide by hide. The craftsman lays each one on a light table to find the scars and insect bites that every natural hide carries, and marks them in chalk so no panel is cut across a flaw. The best part of the hide, along the back, becomes the front of the bag.

## Forty-two pieces

A structured tote looks simple, but it is made from forty-two separate pieces: the outer panels, gussets, base, handles in three layers, the lining, pockets and the reinforcements you never see. Each is cut by hand with a round knife against a metal template.

## Edges make the bag

The edges are skived, thinned with a blade so that layers can be folded and joined without bulk. Then they are sanded, dyed and burnished, painted and polished again, up to five coats. It is slow work, and it is the first place a cheap bag gives itself away: raw or glued edges fray within a year.

## Stitched to last

The handles are saddle-stitched: two needles passing through each hole in opposite directions, so that if one thread breaks the other holds. A machine cannot do this. The base is reinforced with a stiffened board and finished with metal feet to keep it off the floor.

## Why it matters to you

A bag made like this can be repaired, re-edged and re-stitched for decades. That is why we offer a warranty against manufacturing defects on every bag, and why we would rather sell you one good tote than three that fall apart. See the finished pieces in our [tote bags](/category/tote-bags) and [satchels](/category/satchels), and our [care guide](/blog/category/care-and-craft) for keeping them beautiful.`,
  },
  {
    title: 'Gifts That Last: Choosing a Bag or a Tie for Someone You Love',
    excerpt:
      'Birthdays, anniversaries, Father’s Day or a thank-you to a mentor: how to choose a gift in leather or silk that will still be used years from now.',
    author: 'Chiamaka Obi',
    category: 'style-guides',
    tags: ['Gifting', 'Lagos Style', 'Owambe'],
    daysAgo: 55,
    imageAlt: 'A blush shoulder bag and a burgundy bow tie with a gift box on a pale pink backdrop',
    scene: {
      backdrop: ['#e3c6c0', '#f1ddd7', '#cfaaa2'],
      light: 'window',
      seed: 67,
      items: [
        { shape: 'shoulder', colorHex: '#e6c2bc', x: 0.38, y: 0.93, height: 0.59 },
        { shape: 'tie', colorHex: '#6b1e2e', x: 0.7, y: 0.9, height: 0.49, rotate: -10 },
      ],
      giftBox: { x: 0.86, y: 0.82, colorHex: '#17140f', ribbonHex: '#c6a14a' },
    },
    body: `The best gifts are the ones that get used. A good bag or a fine tie is carried to work, to church, to the next wedding, and every time it is a small reminder of the person who chose it. Here is how to choose well.

## For her: think about her day

Before you think about colour, think about how she lives. Does she drive to the office with a laptop? A [structured tote](/category/tote-bags) that stands on its own and fits a 14-inch laptop is the gift she will use every day. Does she travel or run between meetings? A [crossbody bag](/category/crossbody-bags) keeps her hands free. For someone who already has the basics, an [evening bag](/category/evening-bags) for owambe season is a lovely indulgence.

- Neutral colours, such as black, tan, cream and blush, go with everything.
- Check the strap drop if she likes to wear bags on the shoulder over agbada-style sleeves.
- Look inside: a zipped pocket and a proper lining are signs of a bag made to last.

## For him: silk, and a little personality

A tie is one of the few things a man will happily let someone else choose, provided it is good. Go for pure silk with a little texture, such as a grenadine or a knit, in colours he can wear with navy and grey: burgundy, bottle green, deep blue. For a special occasion, an aso-oke bow tie and pocket square set from our [ties and accessories](/category/ties-and-accessories) is a gift with a story.

## Size, exchanges and timing

Buying clothes as a gift is risky, which is why bags and accessories are such safe choices. Every order can be returned or exchanged within our returns window, so the person receiving it can swap the colour if they wish. Order early for birthdays and anniversaries, and see [shipping](/shipping) for delivery times to every state.

And whatever you choose, add a handwritten card. It still matters more than anything in the box.`,
  },
];
