// About 1,500 of the most frequent English words (base forms plus common irregular past forms).
// The detector counts words outside this list as "rare"; inflections are matched by lemmaCandidates.

const LIST = `
a able about above accept according account across act action activity actually add address admit
adult affect afraid after afternoon again against age agency agent ago agree agreement ah ahead
air alive all allow almost alone along already also although always am among amount an and angry
animal another answer any anybody anyhow anyone anything anyway anywhere apartment appear apple
apply approach april area argue arm around arrive art article artist as aside ask asked asleep at
attack attention audience aunt author authority autumn available avoid away awful awhile baby back
bad bag bake ball band bank bar base basic basket bath battle be beach bean bear beat beautiful
became because become bed beer before began begin behavior behind believe bell belong below bench
benefit beside besides best better between beyond big bike bill bird birthday bit bite black blame
blank blind block blood blow blue board boat body bone book boot born boss both bottle bottom bowl
box boy brain branch brave bread break breakfast breath bridge bright bring broad brother brought
brown brush budget build building bus business busy but butter button buy by cake call calm came
camera camp campaign can cancer candidate cannot cap capital captain car card care career careful
carpet carry case cash castle cat catch cause ceiling cell center central century certain
certainly chair challenge chance change character charge cheap check cheese chicken chief child
chocolate choice choose chose christmas church circle citizen city civil claim class clean clear
clearly climb clock close cloth clothes cloud club coach coat coffee coin cold collect collection
college color come comfortable commercial common community company compare complete computer
concern condition conference consider consumer contain continue control cook cool copy corner
correct cost cotton could count country couple course court cousin cover cow crazy cream create
crime cross crowd cry cultural culture cup current customer cut cute daily dance danger dangerous
dare dark data date daughter day dead deal dear death debate decade december decide decision deep
defense degree delicious democrat democratic dentist describe design desk despite detail determine
develop development did die difference different difficult dinner direction director dirty
discover discuss discussion disease dish do doctor does dog doll dollar done door double doubt
down dozen draw dream dress drew drink drive drop drove drug dry duck during dust each ear early
earn earth east easy eat eaten economic economy edge education effect effort egg eight either
election elephant else employee empty end enemy energy engine english enjoy enough enter entire
environment environmental especially establish even evening event ever every everybody everyone
everything evidence evil exactly exam example excellent excited exciting excuse executive exercise
exist expect expensive experience expert explain explore extra eye face fact factor fail fair
fairly fall family fan far farm farmer fast fat father favorite fear federal feed feel feeling
fell felt female fence fever few field fight figure file fill film final finally financial find
fine finger finish fire firm first fish five fix flag flat fled flew floor flower fly focus fold
follow food fool foot for force foreign forest forget forgot fork form former forward found four
fox free fresh friday fridge friend from front fruit full fund funny fur future game garden gas
gate gave general generation get gift girl give glad glass go goal god gold golden gone good got
government grandfather grandmother grass gray great green grew grey ground group grow growth guard
guess guest guitar gun guy had hair half hall hammer hand handle hang happen happiness happy hard
has hat hate have he head health healthy hear heard heart heat heaven heavy held hello help her
here hero hers herself hide high hill him himself hire his history hit hobby hold hole holiday
home honest hope horse hospital hot hotel hour house how however hug huge human hundred hungry
hunt hurry hurt husband i ice idea identify if ill image imagine impact important improve in inch
include including increase indeed indicate individual industry information insect inside instead
institution interest interesting international interview into investment invite involve iron
island issue it item its itself jacket january jeans job join joke journey juice july jump june
just keep kept key kick kid kill kind king kiss kitchen knee knew knife knock know knowledge lady
laid lake lamp land language large last late later laugh law lawyer lay lazy lead leader leaf
learn least leave led left leg legal lemon lent less lesson let letter level lie life lift light
like likely line lion lip liquid list listen little live load local lock lonely long look lose
loss lost lot loud love lovely low luck lucky lunch machine mad made magazine mail main maintain
major majority make male man manage management manager many map mark market marriage marry
material math matter may maybe me meal mean meant measure meat media medical medicine meet meeting
member memory mention message met metal method middle might mile military milk million mind minute
mirror miss mission mistake mix model modern moment monday money monkey month moon more morning
most mother motor mountain mouse mouth move movement movie much mud museum music must my myself
nail name narrow nation national natural nature near nearly necessary neck need neighbor nest
network never new news newspaper next nice night no noise noisy none nor north nose not note
nothing notice now number nurse occur ocean october of off offer office officer official often oh
oil ok okay old on once one onion only onto open operation opportunity option or orange order
ordinary organization other others ought our out outside oven over own owner pack page paid pain
paint painting pair palace pants paper parent park part participant particular particularly
partner party pass past patient pattern pay peace pen pencil people pepper per perform performance
perhaps period person personal pet phone photo physical piano pick picture piece pig pilot pin
pink pipe place plan plane plant plate play player please pocket poem poet point police policy
political politics pool poor popular population position positive possible potato pound pour
powder power practice pray prefer prepare present president pressure pretty prevent price prince
princess print prison private prize probably problem process produce product production
professional professor program project property protect proud prove provide public pull pupil
purple purpose push put quality queen question quick quickly quiet quite rabbit race radio rain
rainbow raise ran rang range rat rate rather raw reach read ready real reality realize really
reason receive recent recently recognize record red reduce reflect region relate relationship
religious remain remember remove reply report represent republican require research resource
respond response responsibility rest result return reveal rice rich ride right ring rise risk
river road rock rode role roof room rope rose round row rub rubbish rude rule run sad safe said
sail salad salt same sand sang sat saturday sauce save saw say scared scarf scene school science
scientist scissors score screen sea season seat second secret section security see seed seek seem
seen selfish sell send senior sense sent september series serious serve service set seven several
sex sexual shake shall shape share sharp she sheep sheet shelf shell shine ship shirt shoe shook
shoot shop short shot should shoulder shout show shower shut shy sick side sign significant silent
silly silver similar simple simply since sing single sink sir sister sit site situation six size
skill skin sky sleep slept slow small smell smile smoke snake snow so soap social society sock
soft sold soldier some somebody someone something sometimes son song soon sort sought sound soup
sour source south southern space speak special specific speech spell spend spent spider spoke
spoon sport spring square staff stage stair stamp stand standard star start state statement
station stay steal step stick still stock stomach stone stood stop store storm story strange
stranger strategy strawberry street string strong struck structure student study stuff style
subject success successful such suddenly suffer sugar suggest summer sun sunday sung support sure
surface sweet swim swore system table take talk task taste taught tax taxi tea teach teacher team
tear technology telephone television tell ten tend term terrible test than thank that the their
them themselves then theory there these they thick thin thing think third thirsty this those
though thought thousand threat three through throughout throw thursday thus ticket tidy tie tiger
time tiny tire tired to today toe together toilet told tomato tomorrow tongue tonight too took
tool tooth top tore total tough toward towel tower town toy trade traditional traffic train
training travel treat treatment tree trial trip trouble trousers truck true truth try tuesday turn
tv two type umbrella uncle under understand understood unit until up upon upset us use useful
usually value various vegetable very victim view village violence visit voice vote wait wake walk
wall want war warm wash watch water wave way we weak weapon wear weather wedding wednesday week
weight well went west western wet what whatever wheel when where whether which while white who
whole whom whose why wide wife wild will win wind window wing winter wise wish with within without
wolf woman won wonder wood wool word wore work worker world worm worry would write writer wrong
wrote yard yeah year yellow yes yesterday yet you young your yours yourself zoo
mr mrs
`;

export const COMMON_WORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

/** The word itself plus the base forms it may inflect from: "stories" → "story", "baked" → "bake". */
export function lemmaCandidates(word: string): string[] {
  const w = word.toLowerCase().replace(/['’]s$/, "");
  const candidates = [w];
  const add = (stem: string) => {
    if (stem.length >= 2) candidates.push(stem, stem + "e");
  };
  if (w.endsWith("ies")) candidates.push(w.slice(0, -3) + "y");
  if (w.endsWith("ied")) candidates.push(w.slice(0, -3) + "y");
  if (w.endsWith("ily")) candidates.push(w.slice(0, -3) + "y");
  for (const suffix of ["s", "es", "ed", "d", "ing", "ly", "er", "est", "ness"]) {
    if (w.endsWith(suffix)) add(w.slice(0, -suffix.length));
  }
  const doubled = /([b-df-hj-np-tv-z])\1(?:ed|ing|er|est)$/.exec(w);
  if (doubled) candidates.push(w.slice(0, doubled.index + 1));
  return candidates;
}

/** True when the word or one of its likely base forms is in the common list. */
export function isCommonWord(word: string): boolean {
  // Contractions ("don't", "we'll") are all built from function words.
  if (/(?:n't|'re|'ll|'ve|'m|'d)$/.test(word.toLowerCase().replace(/’/g, "'"))) return true;
  return lemmaCandidates(word).some((candidate) => COMMON_WORDS.has(candidate));
}
