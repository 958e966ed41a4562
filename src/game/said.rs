//! What the game layer reports of a change it made, as typed values before any wording: a
//! check owed, made or dropped, a count changed or reached. `present::words::said` writes
//! them in English, once for every command that reports them.

use crate::model::Lasts;

/// What a charged unit's reaction spends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spent {
    /// The react token (`bead`) its side held.
    HeldToken { token: String },
    /// One of its side's tokens (`red`, `bead`) taken from the bag.
    BagToken { own: String, token: String },
    /// One of the unit's activations this turn (its number).
    Activation(usize),
}

/// What `umpire turn` does next, once a player turn is over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// It starts this turn.
    Turn(u32),
    /// It gives play to this side (by its label).
    Play(String),
}

/// One thing a change did, as the umpire is told it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// A check put on the figure's queue, or (`already`) one it owes already and owes once.
    Owes {
        figure: String,
        check: String,
        already: bool,
    },
    /// A check made: it leaves the queue.
    Made { figure: String, check: String },
    /// A check dropped because its figure is out of the game (`state`: the state's label) or
    /// no longer in the roster (`None`).
    Dropped {
        figure: String,
        check: String,
        state: Option<String>,
    },
    /// A count changed by hand: as it was and became.
    Counted {
        figure: String,
        counter: String,
        was: i64,
        now: i64,
    },
    /// A count a roll raised, with what it added when that is more than one.
    Raised {
        figure: String,
        counter: String,
        now: i64,
        by: Option<i64>,
    },
    /// A count reached the table's number, and what that brought (a state, or a marker).
    Reached {
        figure: String,
        counter: String,
        at: i64,
        then: String,
    },
    /// A figure put in a state that takes it out of the game (by its label).
    Out { figure: String, state: String },
    /// A figure back in the game.
    Back { figure: String },
    /// A marker (by its label) put on, with how long it lasts where it comes off by itself.
    MarkerOn {
        figure: String,
        marker: String,
        lasting: Option<Lasts>,
    },
    /// A marker that came off by itself, its time up (how long it lasts, where the table
    /// says).
    ComesOff {
        figure: String,
        marker: String,
        lasts: Option<Lasts>,
    },
    /// A check a result called for that a figure out of the game does not make.
    NoneToMake {
        figure: String,
        state: String,
        check: String,
    },
    /// A marker taken off.
    MarkerOff { figure: String, marker: String },
    /// A marker's rule for a second one put the figure in a state (`a second wound kills`).
    SecondRule {
        figure: String,
        rule: String,
        state: String,
    },
    /// A tie (by its label) made to figures, or (`on: false`) undone.
    Tie {
        figure: String,
        link: String,
        to: String,
        on: bool,
    },
    /// A tie asked for that is there already.
    AlreadyTied {
        figure: String,
        link: String,
        to: String,
    },
    /// A tie to undo that is not there: to that figure, or (`None`) to any.
    NotTied {
        figure: String,
        link: String,
        to: Option<String>,
    },
    /// A tie a roll would make with no figure at the other end.
    TiedToNobody { figure: String, link: String },
    /// A unit's field set: as it was (`None`: not set) and is now.
    Field {
        unit: String,
        field: String,
        was: Option<String>,
        now: String,
    },
    /// One unit joined another: the figures in play after, and those that came over.
    Joined {
        from: String,
        into: String,
        in_play: usize,
        moved: Vec<String>,
    },
    /// A figure moved from one unit to another.
    Moved {
        figure: String,
        from: String,
        into: String,
    },
    /// A result that falls at random on a unit's figures found none in play.
    NoneToFallOn { unit: String },
    /// A figure picked at random among a unit's that the result did not change.
    PickedUnchanged {
        figure: String,
        among: usize,
        unit: String,
    },
    /// What a result did to a figure it fell on at random among a unit's (already said).
    FellAtRandom {
        said: String,
        among: usize,
        unit: String,
    },
    /// A count of the turn just ended raised by a check owed in it.
    InTurn {
        figure: String,
        counter: String,
        now: i64,
        turn: u32,
    },
    /// A player turn begins: the turn, the player turn's place and how many there are, and
    /// whose it is.
    PlayerTurn {
        turn: u32,
        player: u32,
        of: usize,
        side: String,
    },
    /// A step of the whole turn after the player turns begins (`at` of `of`, from 1), with the
    /// rolls made in it (already worded).
    TurnStep {
        turn: u32,
        at: usize,
        of: usize,
        label: String,
        rolls: Vec<String>,
    },
    /// What a side has in its pool to spend (already worded: `3 initiative points`).
    ToSpend { side: String, points: String },
    /// The steps of a player turn, by their labels, then those of the whole turn after the
    /// player turns.
    Steps {
        labels: Vec<String>,
        then: Vec<String>,
    },
    /// Two figures still tied (by the link's label) when a turn starts, and the opposed roll
    /// they go on with: the procedure, and each side's option and figure.
    GoesOn {
        link: String,
        procedure: String,
        /// Who is still tied to whom: one figure, and the one or several it fights.
        figures: (Vec<String>, Vec<String>),
        sides: [(String, Vec<String>); 2],
    },
    /// A unit failed its activation: its side's player turn ends, and what comes next.
    FailedToActivate {
        unit: String,
        side: String,
        next: Next,
    },
    /// Every unit of the side has been activated, and what comes next.
    AllActivated { side: String, next: Next },
    /// The units of a side still to activate this player turn.
    StillToAct { side: String, units: Vec<String> },
    /// A turn of a draw begins: its phases, the tokens each side puts in the bag (already
    /// worded: `2 beads`) and the units in play by side (`british 2`).
    DrawTurn {
        turn: u32,
        phases: u32,
        tokens: String,
        units: Vec<String>,
    },
    /// The bag holds fewer tokens (already worded) than the turn has phases.
    ShortBag { tokens: String, phases: u64 },
    /// A token drawn: the phase, of how many, the token (`red bead`), its side's label, and
    /// whether it was drawn by hand from the cup.
    Drawn {
        turn: u32,
        phase: usize,
        of: u32,
        token: String,
        side: String,
        by_hand: bool,
    },
    /// What is left in the bag, by side (`1 red`).
    LeftInBag { tokens: Vec<String> },
    /// A side's reaction not used before the next draw.
    ReactionLost { side: String },
    /// The phase drawn is the turn's last.
    LastPhase,
    /// A side keeps the token of a phase to react later in the turn.
    Holds {
        side: String,
        token: String,
        phase: u32,
    },
    /// A side spends its react token.
    Reacts { side: String },
    /// A unit acts in a phase, reacting or not: its activation, of how many a turn if limited.
    Acts {
        unit: String,
        reacting: bool,
        phase: u32,
        activation: usize,
        most: Option<u32>,
    },
    /// The sides' pools thrown: what the points are called, the dice, and each side's total
    /// (`British 4 (typed)`).
    PoolsThrown {
        points: String,
        dice: String,
        totals: Vec<String>,
    },
    /// The top totals tied: thrown again.
    TieThrownAgain { top: i64 },
    /// A dice-off's high scorer, who plays first in every turn, and what else follows from it.
    DiceOffWon { side: String, note: Option<String> },
    /// The umpire named the dice-off's winner (thrown away from the tool).
    DiceOffNamed { side: String },
    /// A side spends points (already worded) on a thing, on a unit or not; what it cost when
    /// that is worth saying; what is left.
    Spends {
        side: String,
        spent: String,
        unit: Option<String>,
        label: String,
        costs: Option<String>,
        left: String,
    },
    /// Points thrown into a pool by the figures a spend brings in, and what is left.
    ThrownIn {
        points: String,
        throws: Vec<String>,
        left: String,
    },
    /// A charged unit reacts, spending what it spends (`None`: no turn is going, nothing is).
    ChargeReacts {
        unit: String,
        spent: Option<Vec<Spent>>,
    },
    /// What a moment of the turn (`end of phase 2`) brought: a line said of it.
    AtMoment { moment: String, said: String },
    /// A roll a marker made its figure make at a moment of the turn: the figure, the marker,
    /// the procedure, its outcome and the faces thrown (`2d6: 3 4`).
    MarkerRoll {
        moment: String,
        figure: String,
        marker: String,
        procedure: String,
        outcome: String,
        faces: Vec<String>,
    },
    /// An army list put on the table for a side: the units placed, the list, its points, and
    /// what was left out (no unit to play).
    ArmyPlaced {
        side: String,
        units: u32,
        title: String,
        list: String,
        points: String,
        left_out: Vec<String>,
        /// The labels of the markers every unit starts with.
        marked: Vec<String>,
    },
    /// A count kept for the turn that a check owed in an earlier turn does not raise.
    NotCounted {
        figure: String,
        counter: String,
        turn: u32,
    },
}
