#!/usr/bin/env python3
"""Writes crates/domain/data/common-passwords.txt: passwords of 8 or more characters that
people choose most often, built from well-known patterns (digit runs, keyboard walks, the
words and names that top every published breach survey, with the endings people add).

The server refuses these (ignoring case). Run from the repository root:

    python3 scripts/common_passwords.py
"""

from pathlib import Path

MIN_CHARS = 8

# Words and phrases at the top of breach surveys year after year.
WORDS = """
password passwort motdepasse contraseña parola salasana wachtwoord haslo senha
qwerty azerty qwertz letmein welcome iloveyou trustno1 sunshine princess dragon monkey
football baseball basketball soccer hockey master shadow superman batman spiderman
starwars whatever freedom secret login admin administrator root user guest default
changeme access passw0rd hello hellokitty charlie donald michael jordan jennifer
michelle jessica ashley daniel andrew joshua thomas robert matthew william anthony
nicole hannah amanda samantha elizabeth taylor tigger ginger pepper buster cookie
chocolate summer winter autumn spring computer internet google facebook yahoo
microsoft apple samsung iphone android pokemon minecraft fortnite liverpool chelsea
arsenal barcelona madrid juventus lakers yankees cowboys steelers eagles mustang
ferrari porsche corvette harley mercedes killer hunter ranger soldier warrior ninja
pirate cheese banana orange cherry purple yellow silver golden diamond crystal angel
angels heaven blessed jesus christ god lovely love lover loveme iloveu friends family
forever beautiful sweetheart babygirl baby mylove myspace madison jasmine mother
father sister brother junior snoopy bailey buddy maggie molly lucky peanut sparky
rocky rusty cooper bandit smokey zxcvbnm asdfgh asdfghjkl qazwsx qwertyuiop
monkey123 dragon123 abc123 abcd1234 abcdefgh abcdefg test testing tester
superstar rockstar money million success business company office manager service
matrix phoenix thunder lightning universe galaxy cosmos matrix1 zombie vampire
midnight passion nothing something anything everything samsung1 secret1 charlie1
welcome1 pass pass1234 password1 qwerty1 master1 letmein1 access14 trustme
hockey1 soccer1 jordan23 michael1 daniel1 ashley1 jessica1 football1 baseball1
""".split()

# First names that show up among the most used passwords.
NAMES = """
alexander alexandra benjamin caroline catherine christian christina christopher
victoria veronica patricia jonathan nicholas samuel stephanie rebecca brandon
kimberly melissa natalie richard charles gabriel isabella olivia sophia emily
chloe justin kevin steven jason brian george edward patrick sebastian maximilian
""".split()

ENDINGS = [
    "", "1", "2", "12", "123", "1234", "12345", "123456", "!", "1!", "123!", "01",
    "007", "69", "88", "99", "00", "11", "22", "13", "23", "2020", "2021", "2022",
    "2023", "2024", "2025", "2026", "@123", "#1", "321",
]

KEYBOARD = [
    "qwertyuiop", "asdfghjkl", "zxcvbnm", "1qaz2wsx3edc", "qazwsxedc", "1q2w3e4r5t",
    "1q2w3e4r", "q1w2e3r4", "zaq12wsx", "!qaz2wsx", "qwer1234", "asdf1234", "zxcv1234",
    "1234qwer", "qweasdzxc", "poiuytrewq", "mnbvcxz", "lkjhgfdsa", "qwertz123",
    "azertyuiop", "qwerty123", "qwerty1234", "qwertyui", "asdfghjk", "wasdwasd",
]

LEET = str.maketrans({"a": "@", "o": "0", "e": "3", "i": "1", "s": "$"})


def digit_runs():
    digits = "01234567890"
    for length in range(MIN_CHARS, 11):
        yield digits[1 : length + 1]
        yield digits[:length]
        yield "".join(reversed(digits[1 : length + 1]))
        for d in "0123456789":
            yield d * length
    for unit in ["12", "123", "1234", "12345", "01", "69", "007", "11", "13", "21", "99", "ab", "abc"]:
        for repeat in range(2, 6):
            yield unit * repeat
    for a in "0123456789":
        for b in "0123456789":
            yield (a + b) * 4
    yield from ["11223344", "112233445566", "1122334455", "147258369", "159753456",
                "741852963", "963852741", "123654789", "147852369", "258456", "789456123",
                "12qwaszx", "1234abcd", "abcd12345", "a1b2c3d4", "a1b2c3d4e5"]


def candidates():
    yield from digit_runs()
    yield from KEYBOARD
    for word in WORDS + NAMES:
        for ending in ENDINGS:
            yield word + ending
        yield word.translate(LEET)
        yield word.translate(LEET) + "1"
        yield word + word
        yield "my" + word
        yield "i love " + word
        yield "ilove" + word
    for keys in KEYBOARD:
        for ending in ["1", "!", "123", "12"]:
            yield keys + ending


def main():
    seen = set()
    out = []
    for candidate in candidates():
        entry = candidate.lower()
        if len(entry) >= MIN_CHARS and entry not in seen:
            seen.add(entry)
            out.append(entry)
    path = Path("crates/domain/data/common-passwords.txt")
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"{len(out)} entries in {path}")


if __name__ == "__main__":
    main()
