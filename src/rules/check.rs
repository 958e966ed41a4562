//! The checks made when a ruleset is read: names unique, every cross-reference resolved,
//! values of the right kind, bands without gaps, chains that end. Each error names file:line:col.

use std::collections::{BTreeSet, HashMap};

use crate::error::{Error, Result};
use crate::rules::schema::{
    CondValue, Conditions, DistanceDef, FactorDef, FactorKind, GameDef, Guard, Guarded, MarkerDef,
    Part, ProcedureDef,
};
use crate::rules::source::{Locator, Source};
use crate::suggest::did_you_mean;
use crate::words::kind_word;

impl Source {
    pub(super) fn check(&self, at: &Locator<'_>) -> Result<()> {
        let def = &self.def;
        self.check_names(at)?;
        for (name, faces) in &def.dice {
            if faces.len() < 2 {
                return Err(at.err(
                    &["dice:", name],
                    format!("die `{name}` needs at least two faces"),
                ));
            }
        }
        for f in &def.factors {
            self.check_factor(f, at)?;
        }
        for p in &def.procedures {
            self.check_procedure(p, at)?;
        }
        self.check_no_cycles(at)?;
        if let Some(game) = &def.game {
            self.check_game(game, at)?;
            self.check_size(game, at)?;
            self.check_losses(game, at)?;
            self.check_actions(game, at)?;
            self.check_charge(game, at)?;
            self.check_combine(game, at)?;
            self.check_limits(game, at)?;
        }
        self.check_requires(at)?;
        self.check_points(at)?;
        self.check_armies(at)?;
        Ok(())
    }

    /// The role options: words that can follow `--`, each once, each playing a part that
    /// exists; and each procedure's preferred ones among them.
    fn check_roles(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        let err = |needle: &str, msg: String| at.err(&["game:", "roles:", needle], msg);
        let mut names = BTreeSet::new();
        for r in &g.roles {
            for n in std::iter::once(&r.name).chain(&r.aliases) {
                let word = n.starts_with(|c: char| c.is_ascii_alphanumeric())
                    && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
                if !word {
                    return Err(err(
                        n,
                        format!("role `{n}` is typed as `--{n}`: give letters, digits and dashes"),
                    ));
                }
                if !names.insert(n.as_str()) {
                    return Err(err(n, format!("role name `{n}` is used twice")));
                }
            }
            if let Part::Side(side) = &r.plays
                && !self
                    .def
                    .procedures
                    .iter()
                    .any(|p| p.sides.iter().any(|s| &s.name == side))
            {
                return Err(err(
                    &format!("plays: {side}"),
                    format!(
                        "role `{}` plays `{side}`: give acting, acted-upon or a side of an \
                         opposed procedure",
                        r.name
                    ),
                ));
            }
        }
        for p in &self.def.procedures {
            if let Some(n) = p.roles.iter().find(|n| !names.contains(n.as_str())) {
                return Err(at
                    .err(
                        &[&format!("name: {}", p.name), "roles:", n],
                        format!(
                            "procedure `{}` names the role `{n}`, which game: roles: lacks",
                            p.name
                        ),
                    )
                    .with_hint_opt(did_you_mean(n, names.iter().copied())));
            }
        }
        Ok(())
    }

    /// A game: two sides or more, its roles, unit fields read from choice or yes/no factors,
    /// what a unit implies, links, markers, counters and sides.
    pub(super) fn check_game(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        let err = |needle: &str, msg: String| at.err(&["game:", needle], msg);
        if g.sides.len() < 2 {
            return Err(err("sides:", "a game needs at least two sides".into()));
        }
        self.check_roles(g, at)?;
        for (field, factor) in g.unit.iter().chain(&g.acted_upon) {
            match self.factor(factor) {
                Some(f) if matches!(f.kind, FactorKind::Choice | FactorKind::Flag) => {}
                _ => {
                    return Err(err(
                        factor,
                        format!(
                            "unit field `{field}` needs a choice or yes/no factor, and `{factor}` \
                             is not one"
                        ),
                    ));
                }
            }
        }
        for field in g.acted_upon.keys().chain(&g.required) {
            if !g.unit.contains_key(field) {
                return Err(err(
                    field,
                    format!("`{field}` is not one of the unit fields"),
                ));
            }
        }
        let states: Vec<&str> = g.states.iter().map(|s| s.name.as_str()).collect();
        self.check_implies(g, at)?;
        self.check_links(g, &err)?;
        for m in &g.markers {
            self.check_marker(g, m, &states, at)?;
        }
        self.check_counters(g, at)?;
        self.check_sides(g, at)?;
        Ok(())
    }

    /// One marker of the game: its conditions, the units it is shared with (on the units'
    /// fields), the procedures it rolls when a phase ends or a turn starts (each a roll of
    /// one figure), and the markers and state it reads if it is already on.
    fn check_marker(
        &self,
        g: &GameDef,
        m: &MarkerDef,
        states: &[&str],
        at: &Locator<'_>,
    ) -> Result<()> {
        let here = |needle: &str, msg: String| {
            at.err(&["game:", &format!("name: {}", m.name), needle], msg)
        };
        self.check_conditions(&m.acting, &here)?;
        self.check_conditions(&m.acted_upon, &here)?;
        if let Some(i) = m.share.as_ref().and_then(|x| x.including.as_ref()) {
            self.check_conditions(&i.when, &here)?;
            // Weighed on the units' fields alone: each condition on a factor a field sets.
            let canonical = |f: &str| self.factor(f).map(|d| d.name.clone());
            for f in i.when.keys() {
                if !g.unit.values().any(|u| canonical(u) == canonical(f)) {
                    return Err(here(
                        f,
                        format!("`including` asks about `{f}`, which no unit field sets"),
                    ));
                }
            }
        }
        let moments = [
            (&m.phase_end, "a phase ends"),
            (&m.turn_start, "a turn starts"),
        ];
        for (p, when) in moments {
            let Some(p) = p else { continue };
            match self.procedure(p) {
                None => {
                    return Err(here(
                        p,
                        format!(
                            "marker `{}` rolls `{p}` when {when}, which is not a procedure",
                            m.name
                        ),
                    ));
                }
                Some(q) if !q.sides.is_empty() => {
                    return Err(here(
                        p,
                        format!(
                            "marker `{}` rolls `{p}` when {when}: an opposed roll needs two \
                             figures",
                            m.name
                        ),
                    ));
                }
                Some(_) => {}
            }
        }
        if let Some(a) = &m.if_already {
            for n in &a.any {
                if !g.markers.iter().any(|x| &x.name == n) {
                    return Err(here(n, format!("`{n}` is not a marker")));
                }
            }
            if !states.contains(&a.state.as_str()) {
                return Err(here(
                    &a.state,
                    format!(
                        "`{}` is not one of the states ({})",
                        a.state,
                        states.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A factor: what it sums, what reads it one value further, where its values come from,
    /// and by its kind, its values, classes, default and distance, or that it takes none.
    pub(super) fn check_factor(&self, f: &FactorDef, at: &Locator<'_>) -> Result<()> {
        let here = format!("name: {}", f.name);
        let err = |needle: &str, msg: String| at.err(&["factors:", &here, needle], msg);
        if !f.sum.is_empty() {
            self.check_sum(f, &err)?;
        }
        if let Some(x) = &f.further {
            if f.kind != FactorKind::Choice {
                return Err(err(
                    "further:",
                    format!(
                        "`further` reads `{}` one value along its list: it needs a choice factor",
                        f.name
                    ),
                ));
            }
            self.check_guard(x.guard(), &err)?;
        }
        if let Some(src) = &f.values_from {
            match self.def.factors.iter().find(|g| &g.name == src) {
                Some(g) if g.kind == FactorKind::Choice && g.values_from.is_none() => {}
                _ => {
                    return Err(err(
                        "values-from",
                        format!(
                            "factor `{}` takes its values from `{src}`, which is not a choice factor with values",
                            f.name
                        ),
                    ));
                }
            }
        }
        match f.kind {
            FactorKind::Choice => self.check_choice(f, &err),
            FactorKind::Flag | FactorKind::Number => Self::check_no_values(f, &err),
        }
    }

    /// A factor that sums its items: a number, whose items read no summed factor (itself or
    /// another), each a modifier item that holds.
    fn check_sum(&self, f: &FactorDef, err: &dyn Fn(&str, String) -> Error) -> Result<()> {
        if f.kind != FactorKind::Number {
            return Err(err(
                "sum:",
                format!(
                    "`{}` sums its items, so it is a number: write `kind: number`",
                    f.name
                ),
            ));
        }
        // A sum reads no summed number, itself or another: none waits on another.
        let summed = |n: &str| {
            self.def
                .factors
                .iter()
                .any(|g| g.name == n && !g.sum.is_empty())
        };
        let read = f.sum.iter().find_map(|i| {
            i.factor
                .iter()
                .chain(i.when.keys())
                .chain(i.unless.keys())
                .chain(i.any.iter().flat_map(|c| c.keys()))
                .find(|n| summed(n))
        });
        if let Some(other) = read {
            let own = &f.name;
            let what = if other == own {
                "itself".to_string()
            } else {
                format!("the summed `{other}`")
            };
            return Err(err(
                "sum:",
                format!("`{own}` sums items that read `{other}`: a sum reads no sum ({what})"),
            ));
        }
        self.check_items(&f.name, &f.sum, err)
    }

    /// A choice factor: it has values, its classes name only them, its default is one of
    /// them, and its distance holds.
    fn check_choice(&self, f: &FactorDef, err: &dyn Fn(&str, String) -> Error) -> Result<()> {
        if self.values(f).is_empty() {
            return Err(err(
                "name:",
                format!("choice factor `{}` has no values", f.name),
            ));
        }
        for c in &f.classes {
            for m in &c.members {
                if !self.values(f).iter().any(|v| v.name() == m) {
                    return Err(err(
                        m,
                        format!(
                            "class `{}` of `{}` names `{m}`, which is not one of its values",
                            c.name, f.name
                        ),
                    ));
                }
            }
        }
        if let Some(d) = &f.default
            && self.value(f, d).is_none()
        {
            return Err(err(
                "default:",
                format!("default `{d}` is not a value of `{}`", f.name),
            ));
        }
        if let Some(dist) = &f.distance {
            self.check_distance(f, dist, err)?;
        }
        Ok(())
    }

    /// The distance a choice factor may be given as: scaled by a choice factor, one scale for
    /// everything else, and in each scale bands of the factor's values, `upto` on every band
    /// but the last, for values of the factor that scales it.
    fn check_distance(
        &self,
        f: &FactorDef,
        dist: &DistanceDef,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        if let Some(by) = &dist.by
            && self.factor(by).is_none_or(|g| g.kind != FactorKind::Choice)
        {
            return Err(err(
                "by:",
                format!(
                    "distance of `{}` is scaled by `{by}`, which is not a choice factor",
                    f.name
                ),
            ));
        }
        if dist
            .scales
            .iter()
            .filter(|s| s.for_values.is_empty())
            .count()
            != 1
        {
            return Err(err(
                "scales:",
                format!(
                    "distance of `{}` needs exactly one scale without `for` (used for everything else)",
                    f.name
                ),
            ));
        }
        for s in &dist.scales {
            let Some((last, rest)) = s.bands.split_last() else {
                return Err(err(
                    "bands:",
                    format!("a distance scale of `{}` has no bands", f.name),
                ));
            };
            if last.upto.is_some() || rest.iter().any(|b| b.upto.is_none()) {
                return Err(err(
                    "bands:",
                    format!(
                        "distance bands of `{}` need `upto` on every band but the last",
                        f.name
                    ),
                ));
            }
            for b in &s.bands {
                if self.value(f, &b.value).is_none() {
                    return Err(err(
                        &b.value,
                        format!("distance band `{}` is not a value of `{}`", b.value, f.name),
                    ));
                }
            }
            if let Some(by) = dist.by.as_deref().and_then(|b| self.factor(b)) {
                for v in &s.for_values {
                    if self.value(by, v).is_none() {
                        return Err(err(
                            v,
                            format!("scale for `{v}`: not a value of `{}`", by.name),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// A flag or number factor: it takes no values, and its default is one it can take.
    fn check_no_values(f: &FactorDef, err: &dyn Fn(&str, String) -> Error) -> Result<()> {
        if !f.values.is_empty() || f.values_from.is_some() {
            return Err(err(
                "values",
                format!("`{}` is a {:?} factor and takes no values", f.name, f.kind).to_lowercase(),
            ));
        }
        match (f.kind, &f.default) {
            (FactorKind::Number, Some(d)) => Self::check_number_default(f, d, err)?,
            (_, Some(d)) if crate::words::flag_word(d).is_none() => {
                return Err(err(
                    "default:",
                    format!("default `{d}` of `{}` is not yes or no", f.name),
                ));
            }
            _ => {}
        }
        Ok(())
    }

    /// A number factor's default: a number within its bounds.
    fn check_number_default(
        f: &FactorDef,
        d: &str,
        err: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        let n = crate::model::Decimal::parse(d).map_err(|_| {
            err(
                "default:",
                format!("default `{d}` of `{}` is not a number", f.name),
            )
        })?;
        let below = f
            .min
            .is_some_and(|m| n.cmp_whole(m) == std::cmp::Ordering::Less);
        let above = f
            .max
            .is_some_and(|m| n.cmp_whole(m) == std::cmp::Ordering::Greater);
        if below || above {
            return Err(err(
                "default:",
                format!("default `{d}` of `{}` is outside its min and max", f.name),
            ));
        }
        Ok(())
    }

    /// What a unit implies: conditions only on factors its fields set, something set, and a
    /// size a unit can have.
    fn check_implies(&self, g: &GameDef, at: &Locator<'_>) -> Result<()> {
        for i in &g.implies {
            let here = |needle: &str, msg: String| at.err(&["implies:", &i.label, needle], msg);
            self.check_conditions(&i.when, &here)?;
            self.check_conditions(&i.acting, &here)?;
            self.check_conditions(&i.acted_upon, &here)?;
            let fed = |name: &str| {
                self.factor(name).is_some_and(|f| {
                    g.unit
                        .values()
                        .any(|u| self.factor(u).is_some_and(|x| x.name == f.name))
                })
            };
            if let Some(name) = i.when.keys().find(|n| !fed(n)) {
                return Err(here(
                    name,
                    format!(
                        "`{}` asks about `{name}`, which no unit field sets (the unit fields set {})",
                        i.label,
                        g.unit.values().cloned().collect::<Vec<_>>().join(", ")
                    ),
                ));
            }
            if i.acting.is_empty() && i.acted_upon.is_empty() {
                return Err(here(
                    &i.label,
                    format!(
                        "`{}` sets nothing: give `acting:` or `acted-upon:`",
                        i.label
                    ),
                ));
            }
            if i.figures == Some(0) {
                return Err(here(
                    "figures:",
                    format!("`{}` asks for 0 figures: give 1 or more", i.label),
                ));
            }
            for m in &i.unmarked {
                let name = crate::rules::compile_game::marker_name(g, m);
                if !g.markers.iter().any(|x| x.name == name) {
                    let markers = g.markers.iter().map(|x| x.name.as_str());
                    return Err(here(m, format!("`{m}` is not a marker"))
                        .with_hint_opt(did_you_mean(m, markers)));
                }
            }
        }
        Ok(())
    }

    pub(super) fn check_conditions(
        &self,
        c: &Conditions,
        at: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        for (name, want) in c {
            let Some(f) = self.factor(name) else {
                let hint = did_you_mean(name, self.def.factors.iter().map(|f| f.name.as_str()));
                return Err(at(
                    name,
                    format!(
                        "condition names factor `{name}`, which this ruleset does not define{}",
                        hint.map(|h| format!(" ({h})")).unwrap_or_default()
                    ),
                ));
            };
            let ok = match (f.kind, want) {
                (FactorKind::Flag, CondValue::Flag(_)) => true,
                (FactorKind::Number, CondValue::Number(_) | CondValue::Range(_)) => true,
                (FactorKind::Choice, CondValue::One(v)) => {
                    if !self.is_value_or_class(f, v) {
                        return Err(at(v, format!("`{v}` is not a value or class of `{name}`")));
                    }
                    true
                }
                (FactorKind::Choice, CondValue::Any(vs)) => {
                    if let Some(v) = vs.iter().find(|v| !self.is_value_or_class(f, v)) {
                        return Err(at(v, format!("`{v}` is not a value or class of `{name}`")));
                    }
                    true
                }
                _ => false,
            };
            if !ok {
                return Err(at(
                    name,
                    format!(
                        "condition on `{name}` does not fit a {} factor",
                        kind_word(f.kind)
                    ),
                ));
            }
        }
        Ok(())
    }

    pub(super) fn check_guard(
        &self,
        g: Guard<'_>,
        at: &dyn Fn(&str, String) -> Error,
    ) -> Result<()> {
        self.check_conditions(g.when, at)?;
        for c in g.any {
            self.check_conditions(c, at)?;
        }
        self.check_conditions(g.unless, at)
    }

    /// `next` chains must end: a loop would make the odds infinite. A walk in depth, without
    /// recursion (a chain may be thousands long), each procedure left once and done: time in
    /// proportion to the procedures and their links.
    pub(super) fn check_no_cycles(&self, at: &Locator<'_>) -> Result<()> {
        #[derive(Clone, Copy, PartialEq, Eq)]
        enum State {
            OnPath,
            Done,
        }
        // A check's fallback, and an amount's `each:`, are rolled at once as well: they are
        // part of the chain.
        let next_of = |p: &'_ ProcedureDef| -> Vec<String> {
            p.results
                .iter()
                .flat_map(|result| &result.next)
                .chain(p.amount.iter().flat_map(|a| &a.each))
                .map(|f| f.full().procedure)
                .chain(
                    p.check
                        .iter()
                        .filter_map(|c| c.impossible.as_ref())
                        .map(|i| i.becomes.clone()),
                )
                .collect()
        };
        let mut state: HashMap<&str, State> = HashMap::new();
        for start in &self.def.procedures {
            if state.contains_key(start.name.as_str()) {
                continue;
            }
            // The path from `start`, each with the procedures it goes on to still to visit.
            let mut path: Vec<(&ProcedureDef, std::vec::IntoIter<String>)> =
                vec![(start, next_of(start).into_iter())];
            state.insert(&start.name, State::OnPath);
            while let Some((p, next)) = path.last_mut() {
                let p: &ProcedureDef = p;
                let Some(q) = next.by_ref().find_map(|n| self.procedure(&n)) else {
                    state.insert(&p.name, State::Done);
                    path.pop();
                    continue;
                };
                match state.get(q.name.as_str()) {
                    Some(State::Done) => {}
                    Some(State::OnPath) => {
                        // The loop itself, its middle left out when it is long.
                        let names: Vec<&str> = path.iter().map(|(p, _)| p.name.as_str()).collect();
                        let from = names.iter().position(|n| *n == q.name).unwrap_or(0);
                        let ring = &names[from..];
                        let shown = if ring.len() > 8 {
                            format!(
                                "{} → … → {}",
                                ring[..3].join(" → "),
                                ring[ring.len() - 3..].join(" → ")
                            )
                        } else {
                            ring.join(" → ")
                        };
                        return Err(at.err(
                            &["procedures:", &format!("name: {}", q.name)],
                            format!(
                                "procedures go on to each other in a loop of {}: {shown} → {}",
                                ring.len(),
                                q.name
                            ),
                        ));
                    }
                    None => {
                        state.insert(&q.name, State::OnPath);
                        path.push((q, next_of(q).into_iter()));
                    }
                }
            }
        }
        Ok(())
    }
}

/// Bands must run upward without gaps or overlaps; the ends may be open.
pub(super) fn check_bands(
    bands: &[crate::rules::schema::BandDef],
    err: &dyn Fn(&str, String) -> Error,
) -> Result<()> {
    let mut previous: Option<i64> = None;
    for (i, b) in bands.iter().enumerate() {
        let first = i == 0;
        let last = i + 1 == bands.len();
        if let (Some(lo), Some(hi)) = (b.min, b.max)
            && lo > hi
        {
            return Err(err(&b.result, format!("band {lo}..{hi} runs backwards")));
        }
        match (previous, b.min) {
            (Some(p), Some(lo)) if lo != p + 1 => {
                return Err(err(
                    &b.result,
                    format!(
                        "band for `{}` starts at {lo}; the one before ends at {p}",
                        b.result
                    ),
                ));
            }
            (Some(_), None) => {
                return Err(err(
                    &b.result,
                    format!("band for `{}` needs `min`", b.result),
                ));
            }
            (None, None) if !first => return Err(err(&b.result, "band needs `min`".into())),
            _ => {}
        }
        match b.max {
            Some(hi) => previous = Some(hi),
            None if !last => {
                return Err(err(
                    &b.result,
                    format!("only the last band may leave out `max` (`{}`)", b.result),
                ));
            }
            None => {}
        }
    }
    Ok(())
}
