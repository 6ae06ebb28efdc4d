//! Reversi boards of every size as bitboards: one `u128` per side, bit `rank * size +
//! file`, with the masks each size needs.

/// The eight directions as (files, ranks).
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// A board size's masks.
#[derive(Debug)]
pub(crate) struct Geometry {
    pub(crate) size: u32,
    pub(crate) full: u128,
    /// Every square but those of the first file (a shift eastwards must land here).
    not_first_file: u128,
    /// Every square but those of the last file (a shift westwards must land here).
    not_last_file: u128,
    pub(crate) centre: u128,
    /// Each corner, with its diagonal neighbour (X-square) and its two edge neighbours
    /// (C-squares).
    pub(crate) corners: [(u128, u128, u128); 4],
    /// The board's lines along each axis (rows, columns, both diagonals), unused slots 0.
    lines: [[u128; 19]; 4],
}

const fn bit(size: u32, file: u32, rank: u32) -> u128 {
    1 << (rank * size + file)
}

const fn geometry(size: u32) -> Geometry {
    let full = (1u128 << (size * size)) - 1;
    let mut first_file = 0;
    let mut last_file = 0;
    let mut rank = 0;
    while rank < size {
        first_file |= bit(size, 0, rank);
        last_file |= bit(size, size - 1, rank);
        rank += 1;
    }
    let low = size / 2 - 1;
    let centre = bit(size, low, low)
        | bit(size, low + 1, low)
        | bit(size, low, low + 1)
        | bit(size, low + 1, low + 1);
    let m = size - 1;
    let corners = [
        (
            bit(size, 0, 0),
            bit(size, 1, 1),
            bit(size, 1, 0) | bit(size, 0, 1),
        ),
        (
            bit(size, m, 0),
            bit(size, m - 1, 1),
            bit(size, m - 1, 0) | bit(size, m, 1),
        ),
        (
            bit(size, 0, m),
            bit(size, 1, m - 1),
            bit(size, 1, m) | bit(size, 0, m - 1),
        ),
        (
            bit(size, m, m),
            bit(size, m - 1, m - 1),
            bit(size, m - 1, m) | bit(size, m, m - 1),
        ),
    ];
    let mut lines = [[0u128; 19]; 4];
    let mut index = 0;
    while index < size {
        let mut along = 0;
        while along < size {
            lines[0][index as usize] |= bit(size, along, index);
            lines[1][index as usize] |= bit(size, index, along);
            along += 1;
        }
        index += 1;
    }
    // Diagonals: file - rank constant (axis 2) and file + rank constant (axis 3).
    let mut file = 0;
    while file < size {
        let mut rank = 0;
        while rank < size {
            let rising = (file + m - rank) as usize;
            let falling = (file + rank) as usize;
            lines[2][rising] |= bit(size, file, rank);
            lines[3][falling] |= bit(size, file, rank);
            rank += 1;
        }
        file += 1;
    }
    Geometry {
        size,
        full,
        not_first_file: full & !first_file,
        not_last_file: full & !last_file,
        centre,
        corners,
        lines,
    }
}

static SIX: Geometry = geometry(6);
static EIGHT: Geometry = geometry(8);
static TEN: Geometry = geometry(10);

impl Geometry {
    /// The masks of a 6, 8 or 10 board.
    pub(crate) fn of(size: u8) -> &'static Geometry {
        match size {
            6 => &SIX,
            8 => &EIGHT,
            _ => &TEN,
        }
    }

    /// Every square moved one step in direction `(files, ranks)`, dropping what leaves
    /// the board.
    #[inline(always)]
    fn shift(&self, bits: u128, (files, ranks): (i32, i32)) -> u128 {
        let step = ranks * self.size as i32 + files;
        let moved = if step > 0 {
            bits << step
        } else {
            bits >> -step
        };
        let moved = match files {
            1 => moved & self.not_first_file,
            -1 => moved & self.not_last_file,
            _ => moved,
        };
        moved & self.full
    }

    /// The squares where `me` may place a disc after the opening phase.
    pub(crate) fn moves(&self, me: u128, opp: u128) -> u128 {
        if self.size == 8 {
            return u128::from(moves_8(me as u64, opp as u64));
        }
        let empty = self.full & !(me | opp);
        let mut found = 0;
        for direction in DIRECTIONS {
            let mut run = self.shift(me, direction) & opp;
            for _ in 2..self.size {
                run |= self.shift(run, direction) & opp;
            }
            found |= self.shift(run, direction) & empty;
        }
        found
    }

    /// The discs a placement by `me` on `square` flips.
    pub(crate) fn flips(&self, me: u128, opp: u128, square: u128) -> u128 {
        if self.size == 8 {
            return u128::from(flips_8(me as u64, opp as u64, square as u64));
        }
        let mut flipped = 0;
        for direction in DIRECTIONS {
            let mut run = 0;
            let mut next = self.shift(square, direction);
            while next & opp != 0 {
                run |= next;
                next = self.shift(next, direction);
            }
            if next & me != 0 {
                flipped |= run;
            }
        }
        flipped
    }

    /// Discs of `mine` that can never be flipped: on each axis the line is full, or a
    /// neighbour is off the board or itself such a disc.
    pub(crate) fn stable(&self, mine: u128, occupied: u128) -> u128 {
        let mut full_lines = [0u128; 4];
        for (axis, lines) in self.lines.iter().enumerate() {
            for &line in lines {
                if line != 0 && occupied & line == line {
                    full_lines[axis] |= line;
                }
            }
        }
        let axes = [(1, 0), (0, 1), (1, -1), (1, 1)];
        let mut stable = 0;
        for _ in 0..self.size * 2 {
            let mut next = mine;
            for (axis, &direction) in axes.iter().enumerate() {
                let back = (-direction.0, -direction.1);
                let edge =
                    self.full & !(self.shift(self.full, back) & self.shift(self.full, direction));
                next &= full_lines[axis]
                    | edge
                    | self.shift(stable, back)
                    | self.shift(stable, direction);
            }
            if next == stable {
                break;
            }
            stable = next;
        }
        stable
    }

    /// The squares next to any of `squares`.
    pub(crate) fn neighbours(&self, squares: u128) -> u128 {
        if self.size == 8 {
            let squares = squares as u64;
            return u128::from(
                DIRECTIONS
                    .iter()
                    .fold(0, |around, &direction| around | shift_8(squares, direction)),
            );
        }
        DIRECTIONS.iter().fold(0, |around, &direction| {
            around | self.shift(squares, direction)
        })
    }
}

// The same walks on an 8x8 board, which fits a `u64`: several times faster than on a
// `u128`, for the size most games are played on.

/// Every square of an 8x8 board but those of the first file.
const NOT_FIRST_FILE_8: u64 = 0xfefe_fefe_fefe_fefe;
/// Every square of an 8x8 board but those of the last file.
const NOT_LAST_FILE_8: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// [`Geometry::shift`] on an 8x8 board.
#[inline(always)]
fn shift_8(bits: u64, (files, ranks): (i32, i32)) -> u64 {
    let step = ranks * 8 + files;
    let moved = if step > 0 {
        bits << step
    } else {
        bits >> -step
    };
    match files {
        1 => moved & NOT_FIRST_FILE_8,
        -1 => moved & NOT_LAST_FILE_8,
        _ => moved,
    }
}

/// [`Geometry::moves`] on an 8x8 board.
fn moves_8(me: u64, opp: u64) -> u64 {
    let empty = !(me | opp);
    let mut found = 0;
    for direction in DIRECTIONS {
        let mut run = shift_8(me, direction) & opp;
        for _ in 2..8 {
            run |= shift_8(run, direction) & opp;
        }
        found |= shift_8(run, direction) & empty;
    }
    found
}

/// [`Geometry::flips`] on an 8x8 board.
fn flips_8(me: u64, opp: u64, square: u64) -> u64 {
    let mut flipped = 0;
    for direction in DIRECTIONS {
        let mut run = 0;
        let mut next = shift_8(square, direction);
        while next & opp != 0 {
            run |= next;
            next = shift_8(next, direction);
        }
        if next & me != 0 {
            flipped |= run;
        }
    }
    flipped
}
