//! Rating pools: a variant's rated games that allow engines are rated apart from those
//! that do not, so the two kinds of rating never mix (see `docs/analysis.md`).

use std::fmt;

use rules::Variant;
use store::ratings::ENGINES_POOL_SUFFIX as ENGINES_SUFFIX;

/// Which ratings a rated game counts in: its variant's, or its variant's engines pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RatingPool {
    /// The variant.
    pub variant: Variant,
    /// The games of this pool allow engines.
    pub engines_allowed: bool,
}

impl RatingPool {
    /// The pool of `variant`'s games without engines: where most ratings live.
    #[must_use]
    pub const fn plain(variant: Variant) -> RatingPool {
        RatingPool {
            variant,
            engines_allowed: false,
        }
    }

    /// Every pool: each variant's, then its engines pool, in [`Variant::ALL`] order.
    pub fn all() -> impl Iterator<Item = RatingPool> {
        Variant::ALL.into_iter().flat_map(|variant| {
            [false, true].map(|engines_allowed| RatingPool {
                variant,
                engines_allowed,
            })
        })
    }

    /// The key ratings are stored under: the variant's id (`chess`), or with
    /// `+engines` for an engines pool (`chess+engines`).
    #[must_use]
    pub fn key(self) -> String {
        self.to_string()
    }

    /// The pool a stored key names; `None` for a key no pool has.
    #[must_use]
    pub fn of_key(key: &str) -> Option<RatingPool> {
        let (variant, engines_allowed) = match key.strip_suffix(ENGINES_SUFFIX) {
            Some(variant) => (variant, true),
            None => (key, false),
        };
        Some(RatingPool {
            variant: variant.parse().ok()?,
            engines_allowed,
        })
    }
}

impl fmt::Display for RatingPool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.variant.as_str())?;
        if self.engines_allowed {
            f.write_str(ENGINES_SUFFIX)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pool_reads_back_from_its_key_and_nothing_else_does() {
        let pools: Vec<RatingPool> = RatingPool::all().collect();
        assert_eq!(pools.len(), Variant::ALL.len() * 2);
        for pool in pools {
            assert_eq!(RatingPool::of_key(&pool.key()), Some(pool));
        }
        assert_eq!(RatingPool::plain(Variant::Chess).key(), "chess");
        assert_eq!(
            RatingPool::of_key("chess+engines"),
            Some(RatingPool {
                variant: Variant::Chess,
                engines_allowed: true
            })
        );
        for key in [
            "",
            "+engines",
            "go",
            "chess+engine",
            "chess+engines+engines",
        ] {
            assert_eq!(RatingPool::of_key(key), None, "{key}");
        }
    }
}
