// Text for the demo data: names, bios, job posts, quotes, reviews and messages written to read like a real
// UK marketplace, so a demo, a screenshot or a usability test shows what the product will look like with
// real users. Templates use {placeholders} filled by `fill`.
import type { JobCategory, Trade } from '../../domain/catalog/catalog';

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_whole, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`demo content: no value for {${key}} in "${template}"`);
    return String(value);
  });
}

export const FIRST_NAMES = [
  'Oliver',
  'George',
  'Harry',
  'Jack',
  'Jacob',
  'Noah',
  'Charlie',
  'Thomas',
  'Oscar',
  'William',
  'James',
  'Leo',
  'Alfie',
  'Joshua',
  'Daniel',
  'Ryan',
  'Callum',
  'Connor',
  'Liam',
  'Kieran',
  'Mohammed',
  'Ahmed',
  'Imran',
  'Ravi',
  'Sanjay',
  'Arjun',
  'Tomasz',
  'Piotr',
  'Marek',
  'Darius',
  'Sean',
  'Ciaran',
  'Rhys',
  'Owen',
  'Gareth',
  'Euan',
  'Fraser',
  'Ross',
  'Craig',
  'Lewis',
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Emily',
  'Sophie',
  'Grace',
  'Lily',
  'Chloe',
  'Ella',
  'Jessica',
  'Hannah',
  'Priya',
  'Aisha',
  'Fatima',
  'Zara',
  'Niamh',
  'Siobhan',
  'Megan',
  'Eilidh',
  'Rebecca',
  'Laura',
  'Charlotte',
  'Lucy',
  'Katie',
  'Rachel',
  'Gemma',
  'Natalie',
  'Kelly',
  'Joanne',
] as const;

export const LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Taylor',
  'Brown',
  'Davies',
  'Evans',
  'Wilson',
  'Thomas',
  'Johnson',
  'Roberts',
  'Robinson',
  'Thompson',
  'Wright',
  'Walker',
  'White',
  'Edwards',
  'Hughes',
  'Green',
  'Hall',
  'Lewis',
  'Harris',
  'Clarke',
  'Patel',
  'Jackson',
  'Wood',
  'Turner',
  'Martin',
  'Cooper',
  'Hill',
  'Ward',
  'Morris',
  'Moore',
  'Clark',
  'Lee',
  'King',
  'Baker',
  'Harrison',
  'Morgan',
  'Allen',
  'James',
  'Scott',
  'Phillips',
  'Watson',
  'Davis',
  'Parker',
  'Price',
  'Bennett',
  'Young',
  'Griffiths',
  'Mitchell',
  'Kelly',
  'Cook',
  'Carter',
  'Richardson',
  'Bailey',
  'Collins',
  'Bell',
  'Shaw',
  'Murphy',
  'Miller',
  'Cox',
  'Richards',
  'Khan',
  'Marshall',
  'Anderson',
  'Simpson',
  'Ellis',
  'Adams',
  'Singh',
  'Begum',
  'Wilkinson',
  'Foster',
  'Chapman',
  'Powell',
  'Webb',
  'Rogers',
  'Gray',
  'Mason',
  'Ali',
  'Hussain',
  'Campbell',
  'Matthews',
  'Owen',
  'Palmer',
  'Holmes',
  'Mills',
  'Barnes',
  'Knight',
  'Lloyd',
  'MacDonald',
  'Stewart',
  'Reid',
  'Murray',
  "O'Neill",
  'McLaughlin',
  'Nowak',
  'Kowalski',
  'Okafor',
  'Mensah',
] as const;

export interface TradeContent {
  /** Specialties as a tradesperson would list them on the profile form. */
  specialties: readonly string[];
  /** Typical hourly rate range in whole pounds outside London (2026 levels); London adds about a fifth. */
  hourlyRate: readonly [low: number, high: number];
  /** The accreditations a customer expects to see for this trade. */
  accreditations: readonly string[];
  /** Business name endings: "{last} Plumbing & Heating". */
  businessNames: readonly string[];
  /** Bio templates: {years}, {city}, {accreditation}, {first}, {areas}. */
  bios: readonly string[];
}

export const TRADE_CONTENT: Record<Trade, TradeContent> = {
  Plumber: {
    specialties: [
      'Boiler repairs',
      'Bathroom fitting',
      'Leak detection',
      'Emergency call-outs',
      'Radiator installation',
      'Unvented cylinders',
      'Kitchen plumbing',
      'Outside taps',
      'Toilet and cistern repairs',
    ],
    hourlyRate: [45, 70],
    accreditations: [
      'WaterSafe approved',
      'CIPHE member',
      'City & Guilds Level 3 Plumbing',
      'G3 unvented certified',
    ],
    businessNames: ['Plumbing', 'Plumbing & Heating', 'Plumbing Services', 'Bathrooms & Plumbing'],
    bios: [
      'Fully qualified plumber with {years} years in the trade, covering {city}, {areas}. {accreditation}. I do everything from dripping taps to full bathroom refits, turn up when I say I will and leave the place tidy.',
      "Local, family-run plumbing business based in {city}. {years} years' experience with leaks, bathrooms, radiators and hot water cylinders. {accreditation} and fully insured (£5m public liability). Free quotes, no call-out charge within {areas}.",
      "I'm {first}, an independent plumber working across {city}. {accreditation}. Most of my work comes from recommendations: bathroom installs, burst pipes, blocked toilets and new radiators. All work guaranteed for 12 months.",
    ],
  },
  Electrician: {
    specialties: [
      'Consumer unit upgrades',
      'Full and partial rewires',
      'EICR certificates',
      'EV charger installation',
      'Lighting and LED downlights',
      'Sockets and switches',
      'Fault finding',
      'Outdoor lighting',
      'Smoke and heat alarms',
    ],
    hourlyRate: [45, 70],
    accreditations: [
      'NICEIC Approved Contractor',
      'NAPIT registered',
      '18th Edition qualified',
      'OZEV-approved EV charger installer',
    ],
    businessNames: ['Electrical', 'Electrical Services', 'Electrics', 'Electrical Contractors'],
    bios: [
      'Domestic electrician with {years} years on the tools, working in {city}, {areas}. {accreditation}, so all notifiable work is self-certified with Building Control. Rewires, consumer units, EICRs for landlords and EV chargers.',
      'Electrician covering {city}, qualified for {years} years. {accreditation}. I specialise in fuse board upgrades, fault finding and new lighting. Certificates issued on every job; clean, careful and on time.',
      "Hi, I'm {first}. Small electrical firm serving {city} and surrounding areas ({areas}). {accreditation} and 18th Edition qualified. No job too small: an extra socket, a new shower circuit or a full rewire.",
    ],
  },
  Carpenter: {
    specialties: [
      'Fitted wardrobes',
      'Kitchen fitting',
      'Internal doors',
      'Staircases and banisters',
      'Skirting and architrave',
      'Decking',
      'Bespoke shelving',
      'Laminate and engineered flooring',
      'Sash window repairs',
    ],
    hourlyRate: [35, 55],
    accreditations: [
      'City & Guilds Level 3 Carpentry and Joinery',
      'NVQ Level 3 Site Carpentry',
      'CSCS Gold Card',
    ],
    businessNames: ['Carpentry', 'Joinery', 'Carpentry & Joinery', 'Bespoke Joinery'],
    bios: [
      'Time-served carpenter and joiner with {years} years of experience in {city}. {accreditation}. Fitted wardrobes, alcove units, doors, skirting and kitchens, all measured and made to fit older houses that are never quite square.',
      'Independent joiner covering {city}, {areas}. {accreditation}. I take on first and second fix, bespoke furniture and floor laying. Happy to send photos of recent work and references from local customers.',
      '{first} here: {years} years in carpentry, from new-build sites to period renovations. {accreditation}. I specialise in made-to-measure storage and internal doors, and I always protect floors and clean up at the end of each day.',
    ],
  },
  Builder: {
    specialties: [
      'Extensions',
      'Loft conversions',
      'Garage conversions',
      'Knock-throughs and RSJs',
      'Brickwork and repointing',
      'Garden walls',
      'Kitchen renovations',
      'Structural repairs',
      'Groundworks',
    ],
    hourlyRate: [35, 55],
    accreditations: [
      'Federation of Master Builders member',
      'TrustMark registered',
      'CSCS Gold Card',
      'NVQ Level 3 Bricklaying',
    ],
    businessNames: ['Building Services', 'Builders', 'Construction', 'Build & Renovation'],
    bios: [
      'Established building firm in {city} with {years} years of experience in extensions, loft conversions and renovations. {accreditation}. We manage the whole job: drawings, Building Control, trades and a clean handover.',
      'General builder covering {city}, {areas}. {accreditation}. Brickwork, repointing, knock-throughs with steel beams, garden walls and small extensions. Fixed written quotes and a clear start date.',
      "I'm {first}, a builder with {years} years in the trade. {accreditation}. Small team, big on communication: you'll get a daily update and a tidy site. Fully insured with £10m public liability.",
    ],
  },
  'Painter & Decorator': {
    specialties: [
      'Interior painting',
      'Exterior masonry painting',
      'Wallpaper hanging',
      'Woodwork and gloss',
      'Feature walls',
      'Spray painting kitchens',
      'Commercial decorating',
      'Period property restoration',
    ],
    hourlyRate: [25, 40],
    accreditations: [
      'City & Guilds Painting and Decorating',
      'Painting & Decorating Association member',
      'CSCS card holder',
    ],
    businessNames: ['Decorating', 'Painting & Decorating', 'Decorators', 'Interiors'],
    bios: [
      'Professional painter and decorator with {years} years of experience across {city}. {accreditation}. Careful prep is everything: filling, sanding and dust sheets down before a lid comes off a tin. Farrow & Ball and Little Greene specialist.',
      'Friendly decorator covering {city}, {areas}. {accreditation}. Interiors, exteriors, wallpapering and woodwork. I work clean, respect your home and finish on the day I say.',
      '{first} here: {years} years in the trade, mostly interior work in period homes around {city}. {accreditation}. Lining paper, wallpaper including patterned papers, and a proper finish on skirting and doors.',
    ],
  },
  Roofer: {
    specialties: [
      'Slate and tile repairs',
      'Flat roofs (EPDM and GRP)',
      'Chimney repairs',
      'Guttering and fascias',
      'Leadwork',
      'Full re-roofs',
      'Dry ridge and verge systems',
      'Velux windows',
    ],
    hourlyRate: [35, 55],
    accreditations: [
      'NFRC member',
      'CompetentRoofer registered',
      'NVQ Level 2 Roof Slating and Tiling',
      'CSCS card holder',
    ],
    businessNames: ['Roofing', 'Roofing Services', 'Roofing & Guttering', 'Roofing Contractors'],
    bios: [
      'Roofer with {years} years of experience across {city}, {areas}. {accreditation}. Slipped tiles, leaking flat roofs, chimney work and full re-roofs. Drone or photo survey with every quote so you can see the problem for yourself.',
      'Family roofing business in {city}. {accreditation}. We do flat roofs in EPDM and GRP, lead flashings, gutters and fascias. 10-year guarantee on new roofs; scaffolding arranged and included in the price.',
      "I'm {first}, a roofer for {years} years. {accreditation}. Honest advice: if a repair will do, I'll tell you rather than sell you a new roof. Covering {city} and nearby.",
    ],
  },
  Plasterer: {
    specialties: [
      'Skimming',
      'Re-plastering',
      'Artex covering',
      'Dry lining and boarding',
      'Rendering',
      'Coving',
      'Lime plaster',
      'Patch repairs',
    ],
    hourlyRate: [30, 45],
    accreditations: ['City & Guilds Level 2 Plastering', 'NVQ Level 3 Plastering', 'CSCS card holder'],
    businessNames: ['Plastering', 'Plastering Services', 'Plastering & Rendering', 'Plasterers'],
    bios: [
      'Experienced plasterer covering {city}, {areas}, {years} years in the trade. {accreditation}. Skimming, boarding, Artex covering and rendering, with a glass-smooth finish ready for paint.',
      'Independent plasterer based in {city}. {accreditation}. Ceilings, walls, patch repairs after electricians, and full re-plasters on renovations. Dust sheets down and everything cleaned away.',
      '{first}: plasterer for {years} years, including lime work on Victorian and Georgian houses around {city}. {accreditation}. Free quotes and honest timescales.',
    ],
  },
  Landscaper: {
    specialties: [
      'Patios and paving',
      'Fencing',
      'Turfing',
      'Decking',
      'Garden design',
      'Block paving driveways',
      'Hedge cutting',
      'Raised beds',
      'Jet washing',
    ],
    hourlyRate: [25, 40],
    accreditations: [
      'BALI member',
      'RHS Level 2 Horticulture',
      'Marshalls Register installer',
      'NPTC certified',
    ],
    businessNames: ['Landscaping', 'Landscapes', 'Garden Services', 'Landscaping & Fencing'],
    bios: [
      'Landscape gardener with {years} years of experience in {city}, {areas}. {accreditation}. Patios, fencing, turf and planting, from a tidy-up to a full garden redesign.',
      'Small landscaping team serving {city}. {accreditation}. Porcelain and Indian sandstone patios, composite decking, fence panels and driveways. Waste removal included in every quote.',
      "I'm {first}, a landscaper for {years} years. {accreditation}. I love turning tired gardens into spaces people use. Covering {city} and surrounding areas.",
    ],
  },
  'Gas Engineer': {
    specialties: [
      'Boiler installation',
      'Boiler servicing',
      'Gas safety certificates (CP12)',
      'Gas hob and cooker fitting',
      'Gas leak repairs',
      'Combi boiler swaps',
      'Landlord certificates',
      'Gas fire servicing',
    ],
    hourlyRate: [50, 80],
    accreditations: [
      'Gas Safe registered',
      'Gas Safe registered, Worcester Bosch Accredited Installer',
      'Gas Safe registered, Vaillant Advance installer',
    ],
    businessNames: ['Gas Services', 'Gas & Heating', 'Boilers', 'Gas Engineering'],
    bios: [
      'Gas engineer with {years} years of experience in {city}, {areas}. {accreditation}. Boiler installs, servicing, landlord gas safety certificates and cooker connections. Registration card shown on every visit.',
      "Independent gas engineer covering {city}. {accreditation}. I fit A-rated combi boilers with up to 10 years' manufacturer warranty, and service all makes. Fair, fixed prices.",
      '{first}, {accreditation}, {years} years in the trade. Landlords welcome: CP12 certificates issued the same day. Covering {city} and nearby.',
    ],
  },
  'Heating Engineer': {
    specialties: [
      'Central heating installation',
      'Power flushing',
      'Underfloor heating',
      'Air source heat pumps',
      'Radiator replacement',
      'Smart thermostats',
      'System boilers and cylinders',
      'Heating controls',
    ],
    hourlyRate: [50, 75],
    accreditations: [
      'Gas Safe registered',
      'MCS certified heat pump installer',
      'OFTEC registered',
      'Gas Safe registered, MCS certified',
    ],
    businessNames: ['Heating', 'Heating Solutions', 'Heating & Renewables', 'Heating Services'],
    bios: [
      'Heating engineer with {years} years of experience across {city}, {areas}. {accreditation}. New central heating systems, power flushes, radiators, smart controls and heat pumps (Boiler Upgrade Scheme installer).',
      'Local heating specialist in {city}. {accreditation}. Cold radiators, noisy systems, underfloor heating and full system upgrades. Clear advice on running costs before you commit.',
      "I'm {first}, {years} years in heating. {accreditation}. I design systems properly with a room-by-room heat loss calculation, so radiators are sized right and bills stay down. Covering {city}.",
    ],
  },
};

/** Trades that quote on each job category of the post-job form. */
export const CATEGORY_TRADES: Record<JobCategory, readonly Trade[]> = {
  Plumbing: ['Plumber', 'Heating Engineer', 'Gas Engineer'],
  Electrical: ['Electrician'],
  Carpentry: ['Carpenter', 'Builder'],
  Painting: ['Painter & Decorator', 'Plasterer'],
  Roofing: ['Roofer', 'Builder'],
  Flooring: ['Carpenter', 'Builder'],
  Gardening: ['Landscaper'],
  // No trade on the list is a cleaner; these are the outdoor and after-works cleans trades take on.
  Cleaning: ['Landscaper', 'Roofer', 'Builder', 'Painter & Decorator'],
};

export interface JobTemplate {
  title: string;
  description: string;
  /** Whole pounds a customer would put as budget. */
  budget: readonly [min: number, max: number];
}

export const JOB_TEMPLATES: Record<JobCategory, readonly JobTemplate[]> = {
  Plumbing: [
    {
      title: 'Leaking kitchen tap and slow drain',
      description:
        'Mixer tap in the kitchen drips constantly and the sink takes ages to drain. The tap is about 8 years old, so happy to replace it if that makes more sense. Can supply the new tap or you can.',
      budget: [80, 200],
    },
    {
      title: 'Replace bathroom suite in family bathroom',
      description:
        'Looking to replace bath, toilet and basin in a 2.4m x 1.8m bathroom. Existing tiles stay for now. We will buy the suite ourselves. Need old suite removed and taken away. Terraced house, bathroom upstairs at the back.',
      budget: [900, 1800],
    },
    {
      title: 'Toilet keeps running after flushing',
      description:
        'Downstairs toilet keeps filling after every flush and the cistern never stops hissing. Push-button close-coupled toilet, probably needs a new fill valve or flush valve. Available most evenings.',
      budget: [60, 150],
    },
    {
      title: 'Move radiator and add a new one in extension',
      description:
        'Need one radiator moved about 1.5m along the wall in the living room and a new double panel radiator added in the new kitchen extension. Combi boiler, 15mm copper pipework, floors are suspended timber.',
      budget: [350, 700],
    },
    {
      title: 'Water stain spreading on ceiling below bathroom',
      description:
        'Brown stain on the kitchen ceiling directly below the shower tray, getting bigger over the past two weeks. Need someone to find the leak and fix it, plus advise on whether the tray needs resealing or replacing.',
      budget: [100, 400],
    },
    {
      title: 'Outside tap for the garden',
      description:
        'Would like an outside tap fitted on the back wall of the kitchen, with a double check valve and an isolation valve inside. The kitchen sink is on the same wall, so the run should be short.',
      budget: [90, 180],
    },
  ],
  Electrical: [
    {
      title: 'Consumer unit upgrade in 1930s semi',
      description:
        'Old fuse box with rewireable fuses needs replacing with a modern consumer unit with RCBOs. House is a three-bed semi. Need an EICR certificate afterwards for our records and the insurer.',
      budget: [450, 900],
    },
    {
      title: 'EV charger on driveway',
      description:
        'Just bought an electric car and need a 7kW home charger installed on the front wall by the driveway. Meter and consumer unit are in the hallway, about 6 metres away. Open to recommendations on the charger model.',
      budget: [800, 1200],
    },
    {
      title: 'Add double sockets in bedroom and home office',
      description:
        'Need 4 extra double sockets (two in each room) and one with USB-C. Upstairs rooms, carpeted floors, plastered walls. Would like the cables chased in rather than surface trunking.',
      budget: [250, 500],
    },
    {
      title: 'Replace kitchen spotlights with LED downlights',
      description:
        'Eight old halogen spotlights in the kitchen ceiling, two have stopped working. Would like them all swapped for fire-rated LED downlights, warm white, on a dimmer if possible.',
      budget: [200, 450],
    },
    {
      title: 'Landlord EICR for two-bed flat',
      description:
        'Need an Electrical Installation Condition Report for a two-bed rental flat before the new tenancy starts. Tenants are out during the day; key can be collected from the agent nearby.',
      budget: [120, 220],
    },
    {
      title: 'Lights keep tripping the electrics',
      description:
        'Every time we switch on the landing light the whole lighting circuit trips. Started after a storm last week. Need someone to find the fault and fix it safely.',
      budget: [80, 250],
    },
  ],
  Carpentry: [
    {
      title: 'Built-in wardrobes in alcoves',
      description:
        'Looking for fitted wardrobes in both alcoves of the main bedroom, floor to ceiling (2.6m), with hanging rails and shelves, shaker-style doors ready for painting. Victorian terrace, walls not perfectly straight.',
      budget: [1500, 3000],
    },
    {
      title: 'Hang five new internal doors',
      description:
        'We have bought five oak-veneer internal doors and need them hung, including new hinges, handles and latches. Some of the frames may need easing. Doors are already on site.',
      budget: [300, 600],
    },
    {
      title: 'Replace rotten garden gate and posts',
      description:
        'Wooden side gate has rotted at the bottom and the posts are loose. Would like a new featheredge gate about 1.8m high with new concrete posts, plus a lockable bolt.',
      budget: [250, 550],
    },
    {
      title: 'Floating shelves and TV unit in living room',
      description:
        'Need oak floating shelves either side of the chimney breast and a low built-in TV unit with cupboard doors. Happy to discuss design; looking for someone who can make and fit.',
      budget: [700, 1500],
    },
    {
      title: 'Fix squeaky stairs and loose banister',
      description:
        'Staircase creaks loudly on most treads and the banister wobbles at the bottom newel post. Carpet can be lifted if needed. Looking for a proper fix rather than a quick bodge.',
      budget: [150, 400],
    },
  ],
  Painting: [
    {
      title: 'Paint living room, hallway, stairs and landing',
      description:
        'Looking for a decorator to paint walls, ceilings and woodwork in the living room and the hall, stairs and landing. High ceiling over the stairs. Some filling needed where pictures were. We will choose colours beforehand.',
      budget: [900, 1800],
    },
    {
      title: 'Exterior painting of semi-detached house',
      description:
        'Front and back of the house need repainting with masonry paint, plus fascias, soffits and window sills. Pebble-dash at the front is in decent condition. Would prefer the job done before the autumn.',
      budget: [1500, 3000],
    },
    {
      title: 'Wallpaper a feature wall in bedroom',
      description:
        'We have a patterned wallpaper (straight match, 53cm wide) for the wall behind our bed, about 3.5m wide. Wall needs light prep, a small amount of old paper to remove first.',
      budget: [150, 300],
    },
    {
      title: 'Spray paint kitchen cabinet doors',
      description:
        'Oak kitchen is solid but dated. Looking for someone to spray the cabinet doors and drawer fronts (22 in total) in a sage green. Open to the carcasses being painted on site as well.',
      budget: [900, 1600],
    },
    {
      title: 'Skim and paint bedroom ceiling after leak',
      description:
        'Small leak has been fixed but left a stained and bubbled patch on the bedroom ceiling. Need it repaired (possibly skimmed) and the whole ceiling painted so it does not look patched.',
      budget: [200, 450],
    },
  ],
  Roofing: [
    {
      title: 'Slipped roof tiles after storm',
      description:
        'Three or four tiles have slipped on the rear roof slope after the last storm and there is a damp patch in the loft. Two-storey house; would need a ladder or a tower. Keen to get it sorted before more rain.',
      budget: [150, 450],
    },
    {
      title: 'Replace flat roof on garage',
      description:
        'Single garage flat roof (about 3m x 5.5m), felt is cracked and it leaks. Looking for a replacement in EPDM or GRP including new timber fascia where needed and removal of old materials.',
      budget: [1200, 2400],
    },
    {
      title: 'Gutters overflowing and leaking at joints',
      description:
        'Front gutters overflow in heavy rain and two of the joints drip onto the porch. Would like them cleared, resealed or replaced as needed. Two-storey terrace, no rear access.',
      budget: [120, 350],
    },
    {
      title: 'Chimney repointing and new flashing',
      description:
        'Chimney stack mortar is crumbling and the lead flashing has lifted on one side. Need repointing and new lead flashing; the chimney is not in use so capping it is an option too.',
      budget: [600, 1400],
    },
    {
      title: 'Fit a Velux window in loft',
      description:
        'We use the loft as a home office and want a Velux roof window fitted on the rear slope, roughly 78 x 118cm, including making good the plasterboard inside.',
      budget: [900, 1600],
    },
  ],
  Flooring: [
    {
      title: 'Lay engineered oak floor in living room',
      description:
        'About 22 square metres of engineered oak to lay in the living room, click system, over a concrete subfloor. We will buy the boards; need underlay, skirting removal and refitting, plus door bars.',
      budget: [600, 1100],
    },
    {
      title: 'Laminate flooring in two bedrooms',
      description:
        'Two bedrooms (around 11 and 9 square metres) need old carpet lifted and laminate laid. Floorboards are sound but a couple squeak. Materials can be supplied by you or us.',
      budget: [400, 800],
    },
    {
      title: 'Replace rotten floorboards in hallway',
      description:
        'A section of floorboards near the front door feels spongy, probably from an old leak. Need the damaged boards and possibly a joist replaced, then boards ready for new flooring.',
      budget: [250, 700],
    },
    {
      title: 'LVT flooring in kitchen and utility',
      description:
        'Looking for luxury vinyl tile flooring to be fitted in the kitchen and utility, about 18 square metres, including levelling the existing floor and plywood base where needed.',
      budget: [700, 1400],
    },
  ],
  Gardening: [
    {
      title: 'New porcelain patio about 20 square metres',
      description:
        'Want to replace the old cracked concrete patio with porcelain paving, around 20 square metres, with a slight fall away from the house. Access through a side gate. Old patio to be broken out and removed.',
      budget: [2500, 4500],
    },
    {
      title: 'Replace six fence panels blown down',
      description:
        'Six fence panels along the back boundary came down in the wind and two concrete posts are cracked. Need new panels, posts and gravel boards. Neighbour is happy for work from their side.',
      budget: [500, 1000],
    },
    {
      title: 'Garden tidy-up and hedge cutting',
      description:
        'Overgrown garden needs a good tidy: hedges cut back (about 20m of privet), borders weeded, lawn cut and edged, and all green waste taken away. One-off job, possibly regular after.',
      budget: [150, 350],
    },
    {
      title: 'Returf back lawn',
      description:
        'Back lawn is mostly moss and bare patches. Looking for it to be stripped, levelled and returfed, roughly 60 square metres. Access through the side of the house.',
      budget: [700, 1300],
    },
    {
      title: 'Raised vegetable beds and gravel paths',
      description:
        'Would like four raised beds in sleepers (about 2.4m x 1.2m each) with topsoil, and gravel paths between them with weed membrane. Garden is fairly level.',
      budget: [900, 1800],
    },
  ],
  Cleaning: [
    {
      title: 'Jet wash patio, driveway and paths',
      description:
        'Block paving driveway, sandstone patio and side paths need a proper jet wash, re-sanding of the block paving joints and a sealant if you offer it. Outside tap available.',
      budget: [180, 400],
    },
    {
      title: 'Clear gutters and clean fascias',
      description:
        'Gutters all round a detached house need clearing (there are plants growing in one), downpipes checked, and the white fascias and soffits cleaned. Photos before and after please.',
      budget: [120, 280],
    },
    {
      title: 'After-builders clean following extension',
      description:
        'Kitchen extension just finished and the whole ground floor is covered in plaster dust. Need a thorough after-builders clean including windows, skirting, inside cupboards and floors.',
      budget: [200, 450],
    },
    {
      title: 'Moss removal from roof',
      description:
        'Heavy moss on the front roof slope of a bungalow is blocking gutters. Looking for moss removal by hand (no pressure washing on the tiles), a biocide treatment and gutter clear.',
      budget: [300, 650],
    },
  ],
};

/** What a tradesperson writes with a quote: {customer}, {tradesperson}, {days}, {weeks}. */
export const QUOTE_MESSAGES = [
  'Hi {customer}, thanks for the details. This price includes all labour and materials, and I can start within {days} days. Any questions, just message me.',
  "Hello {customer}. Based on your description and photos, this is a fixed price including waste removal. I'd like a quick look first to confirm there are no surprises. Available next week.",
  "Hi, {tradesperson} here. Happy to take this on: price covers labour and materials, and it's guaranteed for 12 months. I can fit you in within {weeks} weeks.",
  "Thanks for posting. I've done plenty of similar jobs locally and can send photos. Quote is for the full job as described; if anything extra turns up I'll talk to you before doing it.",
  "Hi {customer}, quote is labour only as you're supplying the materials. About {days} days' work. I'm fully insured and can provide references from nearby customers.",
  'Good afternoon. Price includes everything you listed plus tidying up afterwards. I can come and measure up this week and start soon after.',
  "Hello, this is a firm price, not an estimate. Work would take roughly {days} days and I'd need access to water and power. Let me know if you'd like to chat it through.",
] as const;

/** Customer reviews of tradespeople by star rating. */
export const REVIEW_COMMENTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    'Brilliant job from start to finish. Turned up on time, explained everything and left the place spotless. Would definitely use again.',
    'Really pleased. Fair price, great communication and the finish is excellent. Already recommended to our neighbours.',
    'Arrived the day after I posted, sorted the problem in an hour and charged exactly what was quoted. Can’t ask for more than that.',
    'Fantastic workmanship and a genuinely nice person. Kept us updated every day and worked around the kids’ school run.',
    'Very professional. Protected the floors, cleaned up every evening and the result looks better than we imagined.',
    'Second time I’ve used them and just as good as the first. Reliable, tidy and honest.',
    'Excellent. Found the real cause of the problem when two others had just patched it. Highly recommended.',
    'Quick, tidy and friendly. Job done to a high standard and a fair price.',
  ],
  4: [
    'Good job overall and a fair price. Started a day later than planned but kept me informed.',
    'Happy with the work. A bit of mess left at the end but sorted when I mentioned it.',
    'Solid, reliable tradesperson. Took slightly longer than quoted but the quality is there.',
    'Very good communication and good workmanship. Would use again.',
  ],
  3: [
    'Job got done in the end but it took three visits and I had to chase for updates. Finish is fine.',
    'Decent work but the price went up on the day because of extra materials. Would have liked a heads-up.',
  ],
  2: [
    'Turned up late twice and the finish needed some touching up afterwards. Not terrible but not great either.',
  ],
  1: [
    'Left the job half finished for a week and stopped replying to messages. Eventually came back but not impressed.',
  ],
};

/** Tradespeople reviewing customers. */
export const CUSTOMER_REVIEW_COMMENTS = [
  'Lovely customer, clear about what they wanted and paid promptly. Happy to work for them again.',
  'Great to work with. Cleared the area before I arrived and kept the tea coming!',
  'Easy job to plan thanks to good photos and measurements up front. Prompt payment.',
  'Friendly and flexible when we found an extra issue. Would recommend.',
  'Straightforward customer, good access and quick payment.',
] as const;

/** Tradespeople's public replies to customer reviews. */
export const REVIEW_REPLIES = [
  'Thanks so much, it was a pleasure working with you. Any problems, just get in touch.',
  'Really appreciate you taking the time to leave a review. Enjoy the new space!',
  'Thank you! Glad we could sort it quickly for you.',
  'Thanks for the feedback. Sorry again about the delayed start; glad you are happy with the result.',
  'Thank you for the kind words and the recommendation to your neighbours.',
] as const;

/** Dispute descriptions per reason, all 20 to 1,000 characters. */
export const DISPUTE_DESCRIPTIONS: Record<string, readonly string[]> = {
  'Work not completed as agreed': [
    'The quote included removing the old units and making good the wall, but the old units were left in the garden and the wall has not been plastered. I have asked twice for a date to finish.',
  ],
  'Poor quality of work': [
    'Two weeks after the job the new sealant is already coming away and water is getting behind the tiles again. The finish around the bath is uneven. I would like it redone properly or a partial refund.',
  ],
  'Tradesperson not responsive': [
    'Work was started and then nobody has come back for ten days. Calls and messages are not being answered and the room cannot be used in the meantime.',
  ],
  'Safety concerns': [
    'Cables were left exposed in the hallway overnight with no cover, and we have a toddler. I am not comfortable with how the site was left.',
  ],
  'Payment issue': [
    'The job was completed and signed off on site, but the customer has not paid and says they are waiting for a second opinion that was never mentioned before.',
  ],
  'Customer not cooperative': [
    'Access was refused twice on agreed days, so the job could not be finished. I have photos of the work done so far and would like the completed part paid.',
  ],
  'Scope creep without compensation': [
    'The customer asked for an extra radiator and a towel rail on top of the quoted work and now refuses to pay for them. The extra work is shown in the messages on this booking.',
  ],
  'Unsafe working conditions': [
    'The loft has no boarding and the customer insisted the work go ahead without the agreed access platform. I stopped work until it is safe.',
  ],
  Other: [
    'We agreed on a start date in writing, but the other party has changed the arrangement without notice and we cannot agree on how to proceed. Asking support to help.',
  ],
};

export type ConversationStage = 'enquiry' | 'booked' | 'completed' | 'cancelled';
export interface ScriptLine {
  from: 'customer' | 'tradesperson';
  text: string;
}

/** Short conversations by the state of the job: {customer}, {tradesperson}. */
export const CONVERSATION_SCRIPTS: Record<ConversationStage, ReadonlyArray<readonly ScriptLine[]>> = {
  enquiry: [
    [
      {
        from: 'tradesperson',
        text: "Hi {customer}, I've just sent over my quote for your job. Happy to pop round and take a proper look if that helps.",
      },
      {
        from: 'customer',
        text: 'Thanks {tradesperson}. Could you come on a weekday morning? I work from home Tuesdays and Thursdays.',
      },
      {
        from: 'tradesperson',
        text: 'Thursday morning works for me. I can be there around 9:30 if that suits.',
      },
      { from: 'customer', text: 'Perfect, see you then.' },
    ],
    [
      {
        from: 'customer',
        text: 'Hi, thanks for the quote. Does that price include taking away all the old materials?',
      },
      { from: 'tradesperson', text: "Yes, all waste removal is included, and I'll leave the area clean." },
      {
        from: 'customer',
        text: "Great. I'm waiting on one more quote and will let you know by the weekend.",
      },
    ],
    [
      { from: 'customer', text: 'Hello {tradesperson}, how soon could you start if we went ahead?' },
      {
        from: 'tradesperson',
        text: 'I have a gap from the middle of next week. Roughly two days on site for this one.',
      },
      { from: 'customer', text: 'That would be ideal. Is there anything you need from us beforehand?' },
      {
        from: 'tradesperson',
        text: 'Just clear access to the area and somewhere to park the van if possible.',
      },
    ],
  ],
  booked: [
    [
      {
        from: 'customer',
        text: "Hi {tradesperson}, I've accepted your quote. What time should we expect you on the first day?",
      },
      {
        from: 'tradesperson',
        text: 'Thanks {customer}! I usually arrive around 8:30. I will text when I am on my way.',
      },
      { from: 'customer', text: "Sounds good. There's space on the drive for your van." },
      { from: 'tradesperson', text: 'Materials are ordered and arriving Monday. See you then.' },
    ],
    [
      {
        from: 'tradesperson',
        text: 'Thanks for booking, {customer}. Could you send a photo of where the stopcock is?',
      },
      {
        from: 'customer',
        text: "It's under the kitchen sink, behind the bin. I'll move everything out of the way.",
      },
      { from: 'tradesperson', text: 'Brilliant, that makes life easier. See you on the day.' },
    ],
    [
      {
        from: 'customer',
        text: 'Quick question before you start: can we keep the existing skirting boards?',
      },
      {
        from: 'tradesperson',
        text: "Yes, I'll take them off carefully and refit them. If any split I'll let you know first.",
      },
    ],
  ],
  completed: [
    [
      {
        from: 'tradesperson',
        text: "All finished, {customer}. I've left the spare materials in the garage in case you ever need them.",
      },
      { from: 'customer', text: 'It looks brilliant, thank you so much. Payment is on its way.' },
      { from: 'tradesperson', text: 'Thanks! Any problems at all, just message me here.' },
    ],
    [
      { from: 'customer', text: 'Thanks for today, really pleased with how it turned out.' },
      { from: 'tradesperson', text: 'Glad you like it. The sealant needs 24 hours before it gets wet.' },
      { from: 'customer', text: "Noted, we'll keep the kids out of there until tomorrow evening." },
      { from: 'tradesperson', text: 'Perfect. A review would be much appreciated when you have a minute.' },
    ],
  ],
  cancelled: [
    [
      {
        from: 'tradesperson',
        text: 'Hi {customer}, just checking whether you had any questions about my quote?',
      },
      {
        from: 'customer',
        text: "Thanks {tradesperson}, we've decided to put the job on hold for now. Sorry to have wasted your time.",
      },
      { from: 'tradesperson', text: 'No problem at all, get in touch whenever you are ready.' },
    ],
  ],
};

/** Why an admin rejected a verification document. */
export const DOCUMENT_REJECTION_REASONS = [
  'The insurance certificate has expired; please upload the current one.',
  'The photo of the ID is blurred; please upload a clearer image showing all four corners.',
  'The name on the document does not match the name on the account.',
] as const;
