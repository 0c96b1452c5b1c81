"""The parser: what parses to what, and every syntax error says what and where."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grimoire.search.query import (
    And,
    ColorValue,
    ExactName,
    Filter,
    Not,
    Or,
    QuerySyntaxError,
    Text,
    free_text,
    parse,
    parse_colors,
    text_as_filters,
)


@pytest.fixture(scope="module")
def snapshot_engine():
    """An engine over the bundled snapshot, built once for the tests that need every card."""
    import grimoire
    from grimoire.search.engine import SearchEngine

    return SearchEngine(grimoire.open())


def test_words_phrases_and_filters():
    node = parse('draw "a card" t:instant -c:r')
    assert isinstance(node, And)
    text, phrase, type_filter, negation = node.children
    assert text == Text("draw", 0) and phrase == Text("a card", 5, phrase=True)
    assert type_filter == Filter("type", ":", "instant", 14, "t:instant")
    assert isinstance(negation, Not) and negation.child.value == ColorValue(0b01000)
    assert free_text(text_as_filters(node)) == ["draw", "a card"]


def test_colour_names_and_comparisons():
    assert parse("id<=esper").value == ColorValue(0b00111)
    assert parse("c:m").value.multicolor
    assert parse("id:abzan").op == ":"
    assert parse("c>=gu").value == ColorValue(0b10010)


def test_or_binds_looser_than_and():
    node = parse("t:elf or t:goblin c:r")
    assert isinstance(node, Or) and isinstance(node.children[1], And)
    node = parse("(t:elf OR t:goblin) c:r")
    assert isinstance(node, And) and isinstance(node.children[0], Or)


def test_a_colon_in_prose_is_text_not_a_keyword():
    node = parse("sacrifice a creature: draw a card")
    assert free_text(text_as_filters(node)) == ["sacrifice", "a", "creature", "draw", "a", "card"]


def test_exact_name_and_regex():
    assert parse('!"Lightning Bolt"') == ExactName("Lightning Bolt", 0)
    regex = parse("o:/draws? \\w+ cards?/")
    assert regex.regex and regex.value.search("you draw two cards")


def test_free_text_filters_only_when_negated_or_mixed_with_filters():
    assert free_text(text_as_filters(parse("destroy or exile"))) == ["destroy", "exile"]
    mixed = text_as_filters(parse("(flying or t:elf)"))
    assert mixed.children[0] == Filter("name", ":", "flying", 1, "flying")  # a bare word is a name, as on Scryfall
    assert free_text(text_as_filters(parse("-flying draw"))) == ["draw"]
    # words side by side in an "or" are prose too (they had filtered names, matching no card)
    prose = text_as_filters(parse('"gain protection" or indestructible until end of turn'))
    assert free_text(prose) == ["gain protection", "indestructible", "until", "end", "of", "turn"]


@pytest.mark.parametrize(("query", "message", "position"), [
    ('o:"draw a card', "unclosed quote", 2),
    ("(t:elf or t:goblin", "unclosed parenthesis", 0),
    ("t:elf)", "unexpected ')'", 5),
    ("()", "empty parentheses", 0),
    ("foo:bar", "unknown keyword 'foo'", 0),
    ("t:elf zap:3", "unknown keyword 'zap'", 6),
    ("mv>=three", "mv needs a number", 4),
    ("c:purple", "is not a colour", 2),
    ("f:modrn", "unknown format", 2),
    ("is:awesome", "unknown is:awesome", 3),
    ("role:wizardry", "unknown role", 5),
    ("o>draw", "oracle takes : or =", 0),
    ("o:/(unclosed/", "invalid regular expression", 2),
    ("o:/abc", "unclosed regular expression", 2),
    ("t:elf or", "'or' needs a term", 6),
    ("t:elf -", "'-' must be followed by a term", 6),
    ("t:elf or or t:goblin", "'or' needs a term", 6),
    ("", "empty query", 0),
    ("r:legendary", "unknown rarity", 2),
    ("produces:x", "mana letters", 9),
    ("t:", "needs a value", 0),
    ("t: instant", "needs a value right after it", 0),
    ("t:elf order:", "order: needs a value after it", 6),  # nothing follows: no space to speak of
    # (a Scryfall conformance check's findings: each had a misleading answer or none)
    ("mv=>3", "'=>' is no comparison: did you mean mv>=3?", 3),
    ("cmc==3", "'==' is no comparison: did you mean cmc=3?", 4),  # it said "mv needs a number, got '=3'"
    ("pow>*", "compares with no number", 4),
    ("c>m", "compares with no set of colours", 2),
    ("is:foil", "is:foil is about printings", 3),  # it listed seventy is: values
    ('"" t:elf', "empty quotes", 0),  # it matched every card
    ('!""', "! must be followed by a card name", 0),  # it matched nothing, silently
    # a card key ending the query names no card (it had listed every card, by name)
    ("like:", "like: needs a card's name right after it", 0),
    ("t:elf combo:", "combo: needs a card's name right after it", 6),
    # a key with "_", "-", "." or a digit: no keyword has one, and the word had been ranked as text, its filter gone
    ("color_identity:g t:creature", "unknown keyword 'color_identity': did you mean id:?", 0),
    ("mana_value=3", "unknown keyword 'mana_value': did you mean mv=?", 0),
    ("type_line:elf", "did you mean t:?", 0),
    ("t:elf or-t:goblin", "unknown keyword 'or-t': put a space before '-' (or -t:...)", 6),
    ("t2:elf", "unknown keyword 't2': did you mean t:?", 0),
    ("x.y:z", "unknown keyword 'x.y'", 0),
    ("tpye:elf", "unknown keyword 'tpye': did you mean type:?", 0),  # (it listed every keyword)
    ("kw:/fly/", "no /regex/", 3),
    ("unique:bogus", "unknown unique:bogus", 7),  # it said the data could not answer it
    ("loy=x", "a stat that varies (an X, a *) is loyalty=*", 4),
    ("is:planeswalker_deck", "is about printings", 3),  # as the reference spells it ("did you mean planeswalker?")
    # an operator mistyped, for every key that compares ("c=>rg" had said "'>rg' is not a colour")
    ("c=>rg", "'=>' is no comparison: did you mean c>=rg?", 2),
    ("id=<esper", "'=<' is no comparison: did you mean id<=esper?", 3),
    ("mv<>3", "'<>' is no comparison: did you mean mv!=3?", 3),
    ("m==2r", "'==' is no comparison: did you mean m=2r?", 2),
    # "or" and ")" opening a query are named, as "and t:elf" and "t:elf)" are (it said "expected a search term")
    ("or t:elf", "'or' needs a term on each side", 0),
    (")t:elf(", "unexpected ')'", 0),
    ("c:rg-t:elf", "put a space before '-' (c:rg -t:elf)", 4),
    ("t:\u200belf", "U+200B ZERO WIDTH SPACE, stands between t: and its value", 2),
])
def test_syntax_errors_say_what_and_where(query, message, position):
    with pytest.raises(QuerySyntaxError, match=re.escape(message)) as caught:
        parse(query)
    assert caught.value.position == position
    assert caught.value.caret().splitlines()[1].index("^") == position


@pytest.mark.parametrize(("query", "expected"), [  # an agent's labels (each was "needs a value right after it")
    ("Color: white", "c:white"), ("Type: instant, cmc: 3", "t:instant cmc:3"), ("MV: 2", "mv:2"),
    ("format: commander", "format:commander"), ("color identity: blue", "color identity:blue"),
])
def test_a_full_key_name_or_a_capitalised_one_labels_the_value_after_a_space(query, expected):
    def filters(node) -> list:
        if isinstance(node, Filter):
            return [(node.key, node.op, node.value)]
        return [found for child in getattr(node, "children", ()) for found in filters(child)]

    assert filters(parse(query)) == filters(parse(expected)) != []


@pytest.mark.parametrize("query", ["t: instant", "Color:", "Color: (t:elf)", "Type: or"])
def test_a_label_with_no_value_after_it_is_still_an_error(query):
    with pytest.raises(QuerySyntaxError, match="needs a value (right )?after it"):  # ("Color:" ends the query)
        parse(query)


@pytest.mark.parametrize(("query", "hint"), [
    ("is:french_vanilla", "did you mean frenchvanilla?"),
    ("is:fetchlands", "did you mean fetchland?"),
    ("order:nmae", "did you mean name?"),
])
def test_a_near_miss_name_is_suggested(query, hint):
    with pytest.raises(QuerySyntaxError, match=re.escape(hint)):
        parse(query)


@pytest.mark.parametrize(("query", "value"), [
    # Scryfall's format shorthand, from its blog post "New format keyword shortcuts" (scryfall.com/blog)
    ("f:edh", "commander"), ("f:c", "commander"), ("legal:edh", "commander"), ("banned:edh", "commander"),
    ("f:dc", "duel"), ("f:french", "duel"), ("f:pd", "penny"), ("f:dreadful", "penny"), ("f:p", "pauper"),
    ("f:t1.5", "legacy"), ("format:type2", "standard"), ("restricted:t1", "vintage"), ("f:Commander", "commander"),
])
def test_format_shortcuts_name_their_format(query, value):
    assert parse(query).value == value


def test_regex_and_query_size_guards():
    with pytest.raises(QuerySyntaxError, match="longer than"):
        parse("o:/" + "a" * 300 + "/")
    with pytest.raises(QuerySyntaxError, match="query longer than"):
        parse("draw " * 300)
    with pytest.raises(QuerySyntaxError, match="nested parentheses"):
        parse("(" * 40 + "t:elf" + ")" * 40)


QUERY_ALPHABET = st.sampled_from(list('abcdefghijklmnopqrstuvwxyz0123456789 :!=<>-()"/\\~{}*+.?|[]^$') +
                                 ["t:", "o:", "id<=", "mv>=", " or ", " and ", "c:", "is:", "role:", "f:", "name:",
                                  "pow>", "!\"", "-(", "/", "(", ")", "\""])


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(QUERY_ALPHABET, max_size=30).map("".join) | st.text(max_size=60))
def test_parser_never_raises_anything_but_its_syntax_error(query):
    try:
        parse(query)
    except QuerySyntaxError as error:
        assert 0 <= error.position <= len(query)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(st.lists(QUERY_ALPHABET, max_size=20).map("".join))
def test_engine_never_raises_anything_but_its_syntax_error(engine, query):
    try:
        engine.search(query, mode="bm25", limit=5)
    except QuerySyntaxError:
        pass


@pytest.mark.parametrize("pattern", ["(?R)", "a(?1)b", "(?&x)", "(?P>x)", "(?-1)"])
def test_a_recursive_pattern_is_refused_where_it_is_compiled(pattern):
    from grimoire.search.patterns import PatternError, compile_pattern

    with pytest.raises(PatternError, match="may not call itself"):  # ("(?R)" ran out of memory, now and then)
        compile_pattern(pattern)
    assert compile_pattern(r"\(\?R\)").linear  # escaped parentheses are characters


@pytest.mark.parametrize(("pattern", "product"), [
    ("a{1000000}", 1_000_000), ("(?:a{10000}){1000}", 10_000_000),
    # RE2 refuses a lookahead, and the backtracking engine had compiled its repeats unrolled (2.4 GB a worker)
    ("(?=a{5000})b", 5000), ("(a)\\1{2000}", 2000),
])
def test_a_pattern_repeating_past_a_thousand_is_refused_before_it_compiles(pattern, product):
    """A fuzzer's load test: such patterns went to the backtracking engine, which unrolled them (a{1000000} 130 MB
    kept for good, (?:(?:a{1000}){1000}){1000} a MemoryError and an HTTP 500)."""
    from grimoire.search.patterns import PatternError, compile_pattern, repeat_product

    assert repeat_product(pattern) == product
    with pytest.raises(PatternError, match=f"come to {product:,}, and at most 1,000"):
        compile_pattern(pattern)
    # counts within the bound, nested or side by side, and braces that count nothing
    for allowed in ("(?:(?:a{10}){10}){10}", "(a{10})(b{900})", "{T}: add", "[{]{5}", "\\{5}", "(?<=b)x{3}",
                    # an escape holding braces is one character: \x{2014}, the em dash, had been 2,014 repeats
                    "\\x{2014}", "\\x{1F600}{3}", "\\p{Lu}{2}", "[\\x{2010}-\\x{2015}]"):
        assert repeat_product(allowed) <= 1000 and compile_pattern(allowed) is not None
    with pytest.raises(PatternError, match=r"\\x\{110000\} is no character"):  # (it had been 110,000 repeats)
        compile_pattern("\\x{110000}")


def test_a_quantifier_after_a_shorthand_repeats_the_whole_symbol():
    """Scryfall's \\sm, \\ss and \\spp are one symbol each (scryfall.com/docs/regular-expressions): their expansion's
    closing "\\}" alone had been repeated, so o:/add \\sm{3}/ matched no card (a conformance review)."""
    from grimoire.search.patterns import compile_pattern

    three = compile_pattern(r"add \sm{3}")
    assert three.search("{T}: Add {C}{C}{C}.") and not three.search("{T}: Add {C}.")
    assert compile_pattern(r"\ss{2}").search("{2}{U}: Draw a card.") and not compile_pattern(r"\ss{2}").search("{U}")
    assert compile_pattern(r"\spp?").search("flying")  # optional: matches anywhere


@pytest.mark.parametrize("invisible", ["\u200b", "\ufeff", "\u202e", "\u2060", "\u200d"])
def test_invisible_characters_pasted_in_are_spaces(invisible):
    """A zero-width space, a byte-order mark or a direction override glued to a keyword had made "t:elf" two words,
    ranked, with no error (a conformance review); it is a space, and positions stay where they were typed."""
    node = parse(f"{invisible}t:elf")
    assert isinstance(node, Filter) and node.key == "type" and node.value == "elf"
    with pytest.raises(QuerySyntaxError, match="unexpected '\\)'") as raised:
        parse(f"t:elf{invisible})")
    assert raised.value.position == len("t:elf ")


@pytest.mark.parametrize(("repeated", "once"), [("ww", "w"), ("gggggggggggggggg", "g"), ("wwuu", "wu")])
def test_a_colour_letter_said_twice_is_one_colour(repeated, once):
    # (the letters' values were added: "ww" was blue, and sixteen g's overflowed the colour bits)
    assert parse_colors(repeated) == parse_colors(once)


def test_catastrophic_patterns_run_in_linear_time_and_answer_the_same_every_time(snapshot_engine):
    from grimoire.search.patterns import compile_pattern

    assert compile_pattern("(a+)+$").linear and compile_pattern("(.*a){20}").linear  # RE2, no backtracking
    engine = snapshot_engine
    totals = {engine.search("o:/(a+)+$/", mode="bm25").total for _ in range(3)}
    assert len(totals) == 1 and totals.pop() > 0
    assert engine.search("t:creature o:/(.*a){20}/", mode="bm25").total >= 0


def test_a_backtracking_pattern_is_stopped_by_its_cpu_budget(snapshot_engine):
    import time

    from grimoire.search.patterns import compile_pattern

    assert not compile_pattern("(.*a){20}\\1").linear  # a backreference: only the backtracking engine has it
    engine = snapshot_engine
    assert engine.search("o:/^~ deals/ t:instant", mode="bm25").total > 5  # building the column is not charged
    start = time.perf_counter()
    with pytest.raises(QuerySyntaxError, match="too slow") as caught:
        engine.search("t:creature o:/(.*a){20}\\1/", mode="bm25")  # about 0.05 s of CPU a card
    assert time.perf_counter() - start < 30
    assert caught.value.position == 11
    # the surfaces say the syntax is right and how to narrow it (they had said to fix the syntax)
    from grimoire.search.arguments import syntax_error

    told = str(syntax_error(caught.value, ["t:creature o:/(.*a){20}\\1/"]))
    assert "too costly" in told and "type or colour filter" in told and "Fix the syntax" not in told


def test_a_spent_budget_stops_quick_searches_too():
    """Once the query's CPU budget is spent, a search that would finish fast is refused too: 70 backreferences,
    each quick on one card, had run for 19 s (each search still had a millisecond)."""
    import regex

    from grimoire.search.patterns import CpuBudget, PatternTooSlow

    budget = CpuBudget(0.5)
    assert budget.search(regex.compile(r"(\w+) \1"), "draw draw")
    budget.used = 0.5
    with pytest.raises(PatternTooSlow):
        budget.search(regex.compile(r"(\w+) \1"), "draw draw")


def test_a_busy_machine_does_not_turn_a_valid_pattern_into_an_error():
    """The wall-clock timeout of a try running out (other work had the CPU) is retried, not an error."""
    from grimoire.search.patterns import CpuBudget

    class BusyMachine:  # stands for a regex whose first tries time out while this thread waits for the CPU
        def __init__(self):
            self.tries = []

        def search(self, text, timeout):
            self.tries.append(timeout)
            if len(self.tries) < 4:
                raise TimeoutError
            return "found"

    busy = BusyMachine()
    budget = CpuBudget(0.5)
    assert budget.search(busy, "draw a card")
    assert busy.tries == sorted(busy.tries) and busy.tries[-1] > 0.5  # the wall-clock limit grew
    assert budget.used < 0.5


# --- crash-free: what fuzzing found (issue #17) ----------------------------------------------------------

@pytest.mark.parametrize(("query", "message", "position"), [
    ("draw \ud800 card", "lone surrogate", 5),
    ("name:\udcff", "lone surrogate", 5),
    ("name:\x00", "control character U+0000", 5),
    ("o:\"a\x07b\"", "control character U+0007", 4),
    ("m:{", "not mana symbols", 2),
    ("m:}}}", "not mana symbols", 2),
    ("m:{Q", "not mana symbols", 2),
    ("m:{K}", "{K} is not a mana symbol", 2),
    ("devotion:{u}{b}", "devotion takes one coloured or hybrid symbol", 9),
    ("c=7", "at most 5 colours", 2),
    ("pow>nan", "power needs a number", 4),
    ("mv<=inf", "mv needs a number", 4),
    # a number as cards print one: Python's float() had read these as 10, 10 and 1e400's infinity (all cards)
    ("mv=1_0", "mv needs a number", 3),
    ("pow>=1e1", "power needs a number", 5),
    ("mv<1" + "0" * 400, "mv< takes a number of at most 300 digits, got one of 401", 3),
    ("mv>even", "mv:even", 3),
    ("order:price", "unknown order 'price'", 6),
    ("direction:up", "unknown direction 'up'", 10),
    ("t:elf order:usd", "sorts printings", 12),
    ("t:elf -order:cmc", "sorts the whole result", 7),
    ("(t:elf or order:cmc)", "sorts the whole result", 10),
    ("order:cmc order:name", "given twice", 10),
    ("c!rg", "'c!' is not an operator", 1),  # "!" is for exact names; a keyword's "not" is "!="
    ("t:elf id!esper", "'id!' is not an operator", 8),
    ("t:elf -display:grid", "says how to show the whole result", 7),
    ("(t:elf or unique:cards)", "says how to show the whole result", 10),
    ("display:big", "unknown display:big; known are checklist, full, grid, text", 8),
    ("t:elf unique:art", "unique:art is about printings (art and prints)", 13),
    ("has:pants", "unknown has:pants", 4),
    ("otag:wizardry", "unknown role", 5),
    ("date>=yesterday", "date takes a date", 6),
    ("kw>flying", "keyword takes : or =", 0),
])
def test_hostile_values_get_a_clear_error(query, message, position):
    with pytest.raises(QuerySyntaxError, match=re.escape(message)) as caught:
        parse(query)
    assert caught.value.position == position
    caught.value.caret().encode("utf-8")  # printable, even with a surrogate in the query


def test_a_power_toughness_change_is_a_word_not_a_negation():
    # players type "-1/-1 counters" and "-X/-X effects" as cards print them
    assert parse("-1/-1 counters") == And((Text("-1/-1", 0), Text("counters", 6)))
    assert parse("gets -X/-X") == And((Text("gets", 0), Text("-X/-X", 5)))
    assert parse("(-2/-0)") == Text("-2/-0", 1)
    assert parse("-draw") == Not(Text("draw", 1), 0)  # any other word after "-" is excluded
    assert parse("-1/-1abc") == Not(Text("1/-1abc", 1), 0)


def test_deep_negation_parses_without_recursion():
    elf = Filter("type", ":", "elf", 995, "t:elf")
    assert parse("-" * 995 + "t:elf") == Not(elf, 0)
    assert parse("-" * 994 + "t:elf") == Filter("type", ":", "elf", 994, "t:elf")  # "--x" is x
    with pytest.raises(QuerySyntaxError, match="nested parentheses"):
        parse("-(" * 200 + "t:elf" + ")" * 200)


@pytest.mark.parametrize("mode", ["bm25", "hybrid", "dense"])
def test_a_lone_surrogate_is_a_syntax_error_in_every_mode(engine, mode):
    with pytest.raises(QuerySyntaxError, match="lone surrogate"):
        engine.search("draw \ud800 card", mode=mode)
    with pytest.raises(QuerySyntaxError, match="lone surrogate"):
        engine.search(["draw a card", "b\udce9"], mode=mode)


def test_new_keywords_parse_to_their_values():
    from grimoire.search.query import ColorCount, Devotion, FieldValue, sort_order

    assert parse("c=2").value == ColorCount(2)
    assert parse("pow>tou").value == FieldValue("toughness")
    assert parse("devotion:{u/b}{u/b}").value == Devotion(0b00110, 2)
    assert parse("m:2ww").value == "{2}{W}{W}"
    assert parse("m:{10}{r/p}").value == "{10}{R/P}"
    assert parse("otag:ramp") == Filter("role", ":", "ramp", 0, "otag:ramp")
    assert sort_order(parse("t:elf order:power")) == ("power", "asc")
    assert sort_order(parse("(t:elf order:released)")) == ("released", "desc")
    assert sort_order(parse("t:elf order:cmc direction:desc")) == ("cmc", "desc")
    assert sort_order(parse("t:elf")) is None


def test_a_scan_of_every_row_at_once_answers_as_row_by_row():
    """The one-pass RE2 scan over all rows joined as lines must give each row's own answer, over every row or
    over a few rows' lines copied out (the rows a filter has kept: fewer than an eighth of the column)."""
    import numpy as np

    from grimoire.search.filters import TextColumn
    from grimoire.search.patterns import CpuBudget, compile_pattern

    texts = ["Flying", "", "{T}: Add {G}.\nFlying", "draw a card", "x", "Éomer\nx", "a\nb", "{1}\n{2}"]
    column = TextColumn(texts * 10)
    few = np.array([1, 2, 5, 6, 7, 12, 77])
    sources = ("^flying$", "x*", "^$", "\\n", "a\\sb", "b$", "\\Ax", "x\\z", "card$", "ér", ".", "^x",
               "\\{[^}]+\\}\\{", "(\\{[^}]+\\}){2,}", "x$\\n^", "fly(.|\\n)*add", "a[\\s\\S]*x", "(.|\\n)*é")
    for source in sources:
        pattern = compile_pattern(source)
        assert pattern.scans_lines == ("\\A" not in source and "\\z" not in source)
        row_by_row = np.array([pattern.search(column[row]) for row in range(column.size)])
        assert column.matches(pattern, None, CpuBudget()).tolist() == row_by_row.tolist(), source
        assert column.matches(pattern, few, CpuBudget())[few].tolist() == row_by_row[few].tolist(), source
        assert not column.matches(pattern, few[:0], CpuBudget()).any(), source  # no row kept: no match ("$")


def test_a_pattern_that_can_cross_rows_reads_the_text_a_bounded_number_of_times():
    """Scryfall's regex page teaches ``(.|\\n)*`` to reach past an ability's end; over every card joined as lines,
    such a match runs to the text's end from every row that starts one, and the scan had taken minutes
    (``o:/flying(.|\\n)*trample/``). Once a match crosses a row's end, each row is searched alone."""
    from grimoire.search import filters
    from grimoire.search.patterns import compile_pattern

    class Counted:  # the RE2 pattern, counting the bytes each search may read
        def __init__(self, compiled):
            self.compiled, self.read = compiled, 0

        def search(self, text, pos=0, endpos=None):
            self.read += (len(text) if endpos is None else endpos) - pos
            return self.compiled.search(text, pos, len(text) if endpos is None else endpos)

    rows = 2000
    texts = ["Flying\nwhen this enters, draw a card", "Trample", "Flying"] * (rows // 3)
    column = filters.TextColumn(texts)
    pattern = compile_pattern("flying(.|\\n)*trample")
    counted = Counted(pattern.compiled_bytes)
    found = filters._scan(type(pattern)(pattern.source, pattern.compiled, True, counted), column.text,
                          column.starts)
    assert found == []  # no one card holds both
    assert counted.read < 3 * len(column.text)  # a full read from every Flying row: about a thousand times it


def test_many_broad_patterns_in_one_query_are_stopped_by_its_cpu_budget():
    """A query of many patterns each matching every card ("o:/./" a hundred times) had run for a minute: the
    scans share the query's CPU budget, and the error says what to do."""
    from grimoire.search import filters
    from grimoire.search.patterns import CpuBudget, PatternTooSlow, compile_pattern

    column = filters.TextColumn(["draw a card"] * 3000)
    with pytest.raises(PatternTooSlow, match="fewer or narrower"):
        column.matches(compile_pattern("."), None, CpuBudget(scan_seconds=-1.0))  # nothing left to spend
    assert column.matches(compile_pattern("."), None, CpuBudget()).all()


def test_a_term_with_a_newline_matches_inside_one_row_only():
    """Rows are lines of one text and hold newlines of their own: a term with a newline that would run from
    the end of one row into the next is no match, found in one pass over every row or row by row."""
    import numpy as np

    from grimoire.search.filters import TextColumn

    texts = ["A Flying", "Vigilance b", "Flying\nVigilance", "Σ", "ΟΔΟΣ", "x\nflying", "vigilance"]
    column = TextColumn(texts * 10)  # a few rows asked of 70 are searched each in place, more in one pass
    for rows in (None, np.array([0, 1, 2, 5, 6]), np.arange(70)[::2]):
        for term, wanted in (("flying\nvigilance", [2]), ("g\nv", [2]), ("\n", [2, 5]), ("g\nvig", [2]),
                             ("flying", [0, 2, 5]), ("", list(range(7)))):
            expected = [row for row in range(70) if row % 7 in wanted]
            column._cache.clear()
            found = column.contains(term, rows)  # right on ``rows``, the rows asked about
            asked = range(column.size) if rows is None else rows.tolist()
            assert [row for row in asked if found[row]] == [row for row in expected if row in asked], (term, rows)
    assert column[4] == "οδος" and column[3] == "σ" and column.strings[2] == "flying\nvigilance"
    assert not TextColumn([]).contains("", None).size and TextColumn([]).strings == []


@pytest.mark.parametrize("chunk", [1, 3, 2048])
def test_a_text_column_is_built_a_chunk_of_rows_at_a_time(monkeypatch, chunk):
    """Rows lower-cased and encoded a chunk at a time give each row back whole, wherever the chunks end; a text
    holding the separator itself is read row by row."""
    from grimoire.search import filters

    monkeypatch.setattr(filters, "_CHUNK_ROWS", chunk)
    texts = ["Flying", "", "{T}: Add {G}.\nFlying", "ΟΔΟΣ", "İ", "Éomer", "a\x00b", "x", ""]
    for strings in (texts, [t for t in texts if "\x00" not in t], texts[:1], []):
        column = filters.TextColumn(strings)
        assert column.strings == [t.lower() for t in strings] and len(column.starts) == len(strings) + 1
        for term in ("flying", "\nflying", "x", "é", "ο", ""):
            column._cache.clear()
            assert column.contains(term, None).tolist() == [term in t.lower() for t in strings], (chunk, term)


def test_a_column_searched_by_word_finds_what_a_substring_search_finds():
    """Type lines are searched through their distinct words: a term without spaces lies inside one word, so
    the rows of the words containing it are exactly the rows a substring scan finds."""
    import grimoire
    from grimoire.search.filters import TextColumn

    lines = [line.lower() for line in grimoire.open().columns.type_line.tolist()]
    plain, by_word = TextColumn(lines), TextColumn(lines, by_word=True)
    for term in ("creature", "elf", "wizard", "legend", "—", "//", "legendary cr", "time lord"):
        assert plain.contains(term, None).tolist() == [term in line for line in lines], term
    words = sorted({word for line in lines for word in line.split()})
    for term in sorted({*words, *(word[:3] for word in words), *(word[1:] for word in words), "-", "'"}):
        plain._cache.clear()
        assert by_word.contains(term, None).tolist() == plain.contains(term, None).tolist(), term


def test_strixhaven_colleges_are_colour_names():
    """Scryfall's syntax reference names the colleges beside the guilds ("c:quandrix" was "not a colour")."""
    for college, pair in (("quandrix", "gu"), ("silverquill", "wb"), ("prismari", "ur"), ("witherbloom", "bg"),
                          ("lorehold", "rw")):
        assert parse(f"c:{college}").value == parse(f"c:{pair}").value


def test_a_hybrid_symbol_in_either_order_is_the_printed_one():
    """Cards print {G/U}: "m:{U/G}" found nothing and said nothing."""
    assert parse("m:{U/G}").value == parse("m:{G/U}").value == "{G/U}"
    assert parse("m:{u/g/p}").value == "{G/U/P}"
    assert parse("m:{W/U}").value == "{W/U}"


def test_a_regex_takes_no_flags():
    with pytest.raises(QuerySyntaxError, match="takes no flags") as raised:
        parse("o:/tap/gi")
    assert raised.value.position == len("o:/tap/")


def test_a_slash_inside_a_regex_must_be_escaped():
    """"o:/\\+1/\\+1/" ended the regex at its second / and ranked "\\+1/" as words, for a second, unsaid."""
    with pytest.raises(QuerySyntaxError, match=r"a / inside a regex is written \\/") as raised:
        parse("o:/\\+1/\\+1/")
    assert raised.value.position == len("o:/\\+1")
    assert parse("(o:/\\+1\\/\\+1/)").regex and parse("o:/a/ t:elf") is not None
    # what follows the closing / may be no word ("(", a quote): the error quotes it (it had raised AttributeError,
    # which the fuzzer found)
    for query, after in (("fo:/^{T}: add/(", "'('"), ('o:/x/"y"', "'\"y\"'")):
        with pytest.raises(QuerySyntaxError, match=re.escape(f"ends at the / before {after}")):
            parse(query)


def test_include_extras_is_accepted_and_filters_nothing():
    """It was refused as a keyword "about printings"; Scryfall's include:extras shows extra cards, which a store
    holding every card it has already does."""
    node = parse("t:elf include:extras")
    assert any(isinstance(child, Filter) and child.key == "include" for child in node.children)
    with pytest.raises(QuerySyntaxError, match="known are extras"):
        parse("include:tokens")


def test_a_phrase_in_single_quotes_is_one_value():
    # agents write o:'draw a card': it had searched the text "'draw" and found nothing, silently
    node = parse("o:'draw a card' t:artifact")
    assert node.children[0].value == "draw a card" and node.children[1].value == "artifact"
    assert parse("o:opponent's").value == "opponent's"  # an apostrophe inside a word stays the word's



@pytest.mark.parametrize(("typed", "straight"), [
    ("o:“draw a card” t:instant", 'o:"draw a card" t:instant'),  # had matched nothing, silently
    ("!“Lightning Bolt”", '!"Lightning Bolt"'),
    ("o:‘draw a card’", "o:'draw a card'"),
    ("Urza’s Saga", "Urza's Saga"),
    # full-width forms, as Japanese, Chinese and Korean keyboards type them (had been read as words)
    ("ｍｖ＝３", "mv=3"), ("ｔ：ｅｌｆ　ｏ：＂ｄｒａｗ　ａ　ｃａｒｄ＂", 't:elf o:"draw a card"'),
    # an en dash or a minus sign opening a term, as word processors turn "-" (it had dropped the negated term)
    ("t:goblin –c:r", "t:goblin -c:r"), ("t:goblin (\u2212t:warrior)", "t:goblin (-t:warrior)"),
    # the em dash and the hyphens U+2010 and U+2011 alike (they had been words, ranking)
    ("—t:creature c:g", "-t:creature c:g"), ("t:elf —c:g", "t:elf -c:g"), ("t:elf \u2010c:g", "t:elf -c:g"),
    ("t:elf \u2011(c:g or c:w)", "t:elf -(c:g or c:w)"),
])
def test_typographic_quotes_are_the_syntax_s_quotes(typed, straight):
    assert parse(typed) == parse(straight)


def test_a_minus_sign_inside_a_quote_stays_the_card_text_s():
    assert parse('o:"\u22123:"') != parse('o:"-3:"')  # loyalty costs print the minus sign


@pytest.mark.parametrize("dash", ["\u2010", "\u2011", "\u2013", "\u2014", "\u2212"])
def test_a_dash_inside_a_quote_or_a_regex_stays_the_card_text_s(dash):
    assert parse(f'o:"ward {dash}pay"').value == f"ward {dash}pay"
    assert parse(f"o:/ward {dash}pay/ t:elf").children[0].value.source == f"ward {dash}pay"
    assert parse(f"non{dash}aura") == Text(f"non{dash}aura", 0)  # (inside a word)


@pytest.mark.parametrize(("query", "message", "position"), [
    ("c≥r", "write >= (c>=...)", 1), ("mv≤3", "write <= (mv<=...)", 2), ("id≠wu", "write != (id!=...)", 2),
    (":goblin", "':' with no keyword before it", 0),  # it had ranked 1,134 cards
    ("t:goblin :red", "':' with no keyword before it", 9),
])
def test_a_typographic_operator_or_a_lone_colon_is_an_error_saying_where(query, message, position):
    with pytest.raises(QuerySyntaxError) as caught:
        parse(query)
    assert message in str(caught.value) and caught.value.position == position
    parse("nice cards :D")  # a smiley is words
    parse("removal: cheap")  # a colon after a word, or a phrase, is prose
    parse('"enters tapped": lands')


def test_a_request_typed_in_full_width_is_read_as_typed_in_ascii(snapshot_engine):
    typed, plain = snapshot_engine.search("ｍｖ＝３ elves", limit=10), snapshot_engine.search("mv=3 elves", limit=10)
    assert typed.total == plain.total and typed.total > 0
    assert [r.card.name for r in typed.results] == [r.card.name for r in plain.results]
    assert all(r.card.mana_value == 3 for r in typed.results)


def test_scryfall_s_land_nicknames_are_read(snapshot_engine):  # (from its "Shortcuts and Nicknames" list)
    engine = snapshot_engine
    for alias, name in (("bicycleland", "bikeland"), ("canland", "canopyland")):
        found = [r.card.name for r in engine.search(f"is:{alias}", literal=True, limit=50).results]
        assert found and found == [r.card.name for r in engine.search(f"is:{name}", literal=True, limit=50).results]


def test_include_extras_brings_back_the_un_cards(snapshot_engine):
    """Scryfall: include:extras reveals absolutely every card; the Un-cards, left out unless is:funny asks, had
    stayed out."""
    engine = snapshot_engine
    every = engine.search("t:creature include:extras", literal=True, limit=5).total
    assert every > engine.search("t:creature", literal=True, limit=5).total
    assert every == engine.search("t:creature (is:funny or -is:funny)", literal=True, limit=5).total


@pytest.mark.parametrize(("query", "caret"), [
    # the error's own line, not the first one (the caret had pointed into the line above)
    ("draw a card\nfoo:bar", "…foo:bar\n ^"),
    ("draw\nfoo:bar\nmore", "…foo:bar…\n ^"),
    ("\tfoo:bar", "\tfoo:bar\n\t^"),  # a tab under a tab
    ("ドロー foo:bar", "ドロー foo:bar\n       ^"),  # wide characters take two columns
    ("cafe\u0301 foo:bar", "cafe\u0301 foo:bar\n     ^"),  # a combining accent takes none
    ("a\rb foo:bar", "a b foo:bar\n    ^"),  # a carriage return would move the cursor
])
def test_the_caret_lines_up_on_a_terminal(query, caret):
    with pytest.raises(QuerySyntaxError) as caught:
        parse(query)
    assert caught.value.caret() == caret


def test_a_label_over_words_a_reader_reads_is_words_and_other_bad_values_stay_errors():
    """"function: card draw" (an agent's label; no tag is named "card") and "Colors: mono-red" are words for the
    reader; a typed role:dancing, or a label over no colour ("Color: purple"), is still an error."""
    for query in ("function: card draw", "Colors: mono-red", "role: dancing"):
        node = parse(query)
        assert not [n for n in (node.children if isinstance(node, And) else [node]) if isinstance(n, Filter)]
    assert parse("role: ramp") == Filter("role", ":", "ramp", 0, "role: ramp")
    for query, message in (("role:dancing", "unknown role 'dancing'"), ("Color: purple", "'purple' is not a colour"),
                           ("c:mono-red", "'mono-red' is not a colour")):
        with pytest.raises(QuerySyntaxError, match=re.escape(message)):
            parse(query)


def test_bars_read_as_or_and_a_doubled_bang_or_an_unknown_exact_name_say_what_is_wrong(snapshot_engine):
    """"t:elf || t:goblin" and "!!fire" had found nothing, and "!LIGHTNING" nothing, with no word of why."""
    either = snapshot_engine.search("t:elf or t:goblin", limit=1).total
    assert snapshot_engine.search("t:elf || t:goblin", limit=1).total == either > 0
    assert snapshot_engine.search("t:elf | t:goblin", limit=1).total == either
    with pytest.raises(QuerySyntaxError, match="one ! before an exact card name"):
        parse("!!fire")
    page = snapshot_engine.search("!\"lightning bolts\"", limit=1)
    assert page.total == 0 and any('no card is named exactly "lightning bolts"' in n and '!"Lightning Bolt"' in n
                                   for n in page.notes)
    # "or" between plain words at the top says what it does ("lightning or bolt" had answered as "lightning bolt")
    either = snapshot_engine.search("lightning or bolt", limit=1, literal=True)
    assert any(note.startswith("'or' between plain words ranks them together") for note in either.notes)
    assert not any("'or' between" in note
                   for note in snapshot_engine.search("(bolt or shock) t:instant", limit=1, literal=True).notes)
    # a name of several words typed without quotes says to quote it (it had suggested Blightning for "lightning")
    unquoted = snapshot_engine.search("!lightning bolt", limit=1, literal=True)
    assert 'no card is named exactly "lightning": a name of several words goes in quotes (!"Lightning Bolt")' in \
        unquoted.notes


def test_an_exact_name_of_an_un_card_says_it_is_hidden(snapshot_engine):
    """It had said "no card is all of what the words read as", of a name the card data holds."""
    page = snapshot_engine.search('!"B.F.M. (Big Furry Monster)"', limit=1)
    assert page.total == 0 and page.notes == ['"B.F.M. (Big Furry Monster)" is an Un-set (funny) card, which is '
                                              "left out unless asked for (is:funny, or the include-funny option)"]
    assert [r.card.name for r in snapshot_engine.search('!"B.F.M. (Big Furry Monster)" is:funny').results] == \
        ["B.F.M. (Big Furry Monster)"]


def test_names_sort_with_an_accented_letter_beside_the_plain_one(snapshot_engine):
    """Éowyn had sorted after Zurgo, Théoden after Thrull Surgeon (code point order)."""
    order = snapshot_engine.filter_index.name_order
    at = snapshot_engine.db.names.lookup
    assert order[at("Éowyn, Lady of Rohan")] < order[at("Fog")] < order[at("Zurgo Helmsmasher")]
    assert order[at("Théoden, King of Rohan")] < order[at("Thrull Surgeon")]


@pytest.mark.parametrize(("query", "expected"), [
    # an upper-case NOT before a keyword's term or a parenthesis is Scryfall's "-" (it had been dropped, and the
    # filter after it kept: the opposite of what was asked)
    ("NOT t:elf t:druid", "-t:elf t:druid"),
    ("t:elf NOT (c:g or c:b)", "t:elf -(c:g or c:b)"),
    # two deny each other, as "--" does (the first had been a word, and "NOT NOT t:elf" the non-Elves)
    ("NOT NOT t:elf", "t:elf"),
    ("t:elf NOT NOT c:g", "t:elf c:g"),
])
def test_upper_case_not_negates_the_term_after_it(query, expected):
    def shape(node) -> str:  # the tree without where each part was written
        return re.sub(r"position=\d+", "", repr(node))

    assert shape(parse(query)) == shape(parse(expected))


def test_a_directive_in_a_group_every_match_meets_stands_at_the_top_level():
    """"(t:elf order:cmc)" is accepted, as every match meets the group; the error for a directive under "or" or "-"
    had said it could not go in parentheses either (a conformance check's finding)."""
    assert parse("(t:elf order:cmc)") is not None
    with pytest.raises(QuerySyntaxError, match="cannot be negated or be one of the alternatives of an 'or'"):
        parse("(t:elf or order:cmc)")


@pytest.mark.parametrize(("query", "hint"), [
    ("c:four-color", "did you mean c=4?"),
    ("c:4c", "did you mean c=4?"),
    ("id:five-color", "did you mean id=5?"),
    ("c:mono", "did you mean c=1 or is:monocolor?"),
    ("c:mono-red", "did you mean c=r?"),
    ("id:mono-black", "did you mean id=b?"),
])
def test_a_number_of_colours_in_words_names_the_syntax(query, hint):
    """Scryfall counts colours with a number: "c:four-color" and "c:mono" had been refused as no colour, unhinted."""
    with pytest.raises(QuerySyntaxError, match=re.escape(hint)):
        parse(query)


def test_produces_multicolour_says_to_name_the_colours():
    """c:m works, produces:m had said only "takes mana letters": mana is of one colour, so there is none to find."""
    with pytest.raises(QuerySyntaxError, match=r"no multicolour mana; name the colours \(produces>=wu"):
        parse("produces:m")
