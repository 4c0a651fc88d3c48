"""Players: each level does what its rule says, the master is perfect, bad input is refused."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence

import oracle
import pytest

from tictac import IllegalMove, State, reachable_states
from tictac.game.scoring import open_lines, two_in_a_row, weighted
from tictac.game.state import Mark, other
from tictac.play.levels import (
    ALIASES,
    CATALOGUE,
    LEVELS,
    canonical_level,
    describe_level,
    level_names,
    make_player,
)
from tictac.play.offered import (
    BOARD_SIZES,
    LEVEL_CHOICES,
    NOT_OFFERED,
    board_size,
    level_options,
    levels_note,
    offered_levels,
)
from tictac.players.levels import Level
from tictac.players.rules import (
    CLASSIC_RULES,
    Player,
    brute_force_sum,
    completing_moves,
    fork_blocks,
    fork_moves,
    random_move,
    searching,
    which_rule,
)
from tictac.players.tournament import play_game, play_match, wilson_interval
from tictac.search.engine import alphabeta

NON_TERMINAL = [s for s in reachable_states() if not s.is_terminal]


# --- the master ---------------------------------------------------------------------------------


def test_master_keeps_the_best_outcome_and_the_best_timing_everywhere() -> None:
    master = make_player("master")
    for state in NON_TERMINAL:
        move = master.choose(state)
        assert move in state.legal_moves()
        best = oracle.outcome(state)  # the referee: the winner hurries, the loser holds out
        assert oracle.outcome(state.play(move)) == (best.value, best.plies - 1), state


def test_master_with_random_ties_is_also_perfect() -> None:
    master = make_player("master", random_ties=True, seed=5)
    for state in NON_TERMINAL:
        best = oracle.outcome(state)
        after = oracle.outcome(state.play(master.choose(state)))
        assert after == (best.value, best.plies - 1), state


@pytest.mark.parametrize("side", ["X", "O"])
def test_master_never_loses_against_any_sequence_of_replies(side: str) -> None:
    master = make_player("master")
    positions = 0

    def explore(state: State) -> None:
        nonlocal positions
        positions += 1
        assert state.winner not in ("X", "O") or state.winner == side, state
        if state.is_terminal:
            return
        if state.turn == side:
            explore(state.play(master.choose(state)))
        else:
            for move in state.legal_moves():
                explore(state.play(move))

    explore(State.new())
    assert positions > 100


def test_master_against_master_is_always_a_draw() -> None:
    for seed in range(20):
        x = make_player("master", random_ties=True, seed=seed)
        o = make_player("master", random_ties=True, seed=seed + 100)
        assert play_game(x, o).result == "draw"


def test_corner_opening_opens_in_the_corner_and_stays_perfect() -> None:
    master = make_player("master", corner_opening=True)
    assert master.choose(State.new()) == 0
    assert oracle.outcome(State.new().play(0)).value == 0


def test_master_beats_random_as_often_as_the_exact_odds_say() -> None:
    """The chance that the master beats a uniformly random player is computed exactly over
    the whole game; a seeded match of 2,000 games must agree with it within its 99.9%
    confidence interval, and the master must never lose."""
    master = make_player("master")

    @functools.cache
    def win_chance(state: State, side: str) -> float:
        if state.is_terminal:
            return float(state.winner == side)
        if state.turn == side:
            return win_chance(state.play(master.choose(state)), side)
        moves = state.legal_moves()
        return sum(win_chance(state.play(m), side) for m in moves) / len(moves)

    exact = (win_chance(State.new(), "X") + win_chance(State.new(), "O")) / 2
    match = play_match(master, make_player("random"), games=2000, seed=11)
    low, high = wilson_interval(match.wins("master"), 2000, 0.999)
    assert low <= exact <= high
    assert match.losses("master") == 0
    assert match.wins("master") > 2000 // 2


# --- rules of thumb in hand-made positions ----------------------------------------------------


def test_defensive_blocks_and_otherwise_plays_anywhere() -> None:
    defensive = make_player("defensive", seed=0)
    # O to move; X threatens the top row: block at 2 (and do not take the own win at 5).
    state = State.parse("XX./OO./X..")
    assert [defensive.choose(state) for _ in range(10)] == [2] * 10
    free = {defensive.choose(State.new().play(4)) for _ in range(50)}
    assert len(free) > 3


def test_offensive_wins_before_it_blocks() -> None:
    offensive = make_player("offensive", seed=0)
    assert offensive.choose(State.parse("XX./OO./X..")) == 5
    assert offensive.choose(State.parse("XX./O../...")) == 2


def test_heuristic_player_wins_at_once_and_blocks() -> None:
    heuristic = make_player("heuristic", seed=0)
    assert heuristic.choose(State.parse("XX./OO./...")) == 2
    assert heuristic.choose(State.parse("XX./.O./...")) == 2


def test_heuristic_player_blocks_with_a_fork() -> None:
    # O threatens 2-4-6, so X must take 6, which also threatens 3 and 7 at once: a fork.
    state = State.parse("X.O/.O./..X")
    move = make_player("heuristic", seed=0).choose(state)
    assert move == 6
    assert completing_moves(state.play(move), "X") == [3, 7]


def test_medium_sees_two_moves_ahead() -> None:
    medium = make_player("medium", seed=0)
    assert medium.choose(State.parse("XX./OO./...")) == 2  # its own win
    assert medium.choose(State.parse("XX./O../...")) == 2  # the block
    shallow = make_player("medium", depth=1, seed=0)
    picks = {shallow.choose(State.parse("XX./O../...")) for _ in range(30)}
    assert len(picks) > 1  # one move deep, it cannot see X's threat


def test_brute_force_sum_takes_the_centre_of_an_empty_board() -> None:
    # The tutorial's observation: "whenever the centre is empty, it will occupy it".
    assert make_player("brute-force").choose(State.new()) == 4


def test_brute_force_sum_is_not_minimax() -> None:
    """Somewhere the sum of scores prefers a move that minimax knows is worse."""
    brute = make_player("brute-force")
    worse = [
        s
        for s in NON_TERMINAL
        if s.moves_made <= 4
        and oracle.outcome(s.play(brute.choose(s))).value != oracle.outcome(s).value
    ]
    assert worse


def test_novice_mixes_best_and_sub_optimal_moves() -> None:
    state = State.parse("XX./OO./...")  # X wins at 2; anything else is worse
    always = make_player("novice", probability=1.0, seed=1)
    never = make_player("novice", probability=0.0, seed=1)
    assert {always.choose(state) for _ in range(20)} == {2}
    assert 2 not in {never.choose(state) for _ in range(20)}
    novice = make_player("novice", seed=2)
    best = sum(novice.choose(state) == 2 for _ in range(2000))
    low, high = wilson_interval(best, 2000, 0.999)
    assert low <= 0.4 <= high


def test_epsilon_zero_is_the_master_and_one_is_random() -> None:
    careful = make_player("epsilon", epsilon=0.0, seed=3)
    for state in NON_TERMINAL[::50]:
        after = oracle.outcome(state.play(careful.choose(state)))
        assert after.value == oracle.outcome(state).value
    shaky = make_player("epsilon", epsilon=1.0, seed=3)
    assert len({shaky.choose(State.new()) for _ in range(60)}) == 9


def test_mcts_finds_the_win_and_the_block() -> None:
    mcts = make_player("mcts", playouts=300, seed=4)
    assert mcts.choose(State.parse("XX./OO./...")) == 2
    assert mcts.choose(State.parse("XX./.O./...")) == 2


def test_every_level_plays_a_whole_legal_game() -> None:
    for level in level_names():
        options = {"playouts": 50} if level == "mcts" else {}
        game = play_game(make_player(level, seed=1, **options), make_player("random", seed=2))
        assert game.result in ("X", "O", "draw")
        assert game.states[-1].is_terminal


def test_same_seed_same_games() -> None:
    def games(seed: int) -> list[tuple[int, ...]]:
        match = play_match(make_player("novice"), make_player("random"), games=30, seed=seed)
        return [g.moves for g in match.games]

    assert games(5) == games(5)
    assert games(5) != games(6)


# --- bad input --------------------------------------------------------------------------------


def test_unknown_level_lists_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="unknown level 'grandmaster'; choose one of") as error:
        make_player("grandmaster")
    assert all(name in str(error.value) for name in LEVELS)


def test_level_names_are_forgiving_about_case_and_separators() -> None:
    assert make_player("Brute_Force").choose(State.new()) == 4
    assert make_player("UNBEATABLE").choose(State.parse("XX./OO./...")) == 2


@pytest.mark.parametrize(
    ("level", "options", "reason"),
    [
        ("novice", {"probability": -0.1}, "a probability goes from 0 to 1"),
        ("novice", {"probability": 1.5}, "a probability goes from 0 to 1"),
        ("epsilon", {"epsilon": 2}, "a probability goes from 0 to 1"),
        ("medium", {"depth": 0}, "1 or more"),
        ("heuristic", {"depth": -3}, "1 or more"),
        ("mcts", {"playouts": 0}, "1 or more"),
        ("master", {"speed": 3}, "does not take the option"),
        ("random", {"depth": 3}, "takes no options"),
    ],
)
def test_bad_options_are_refused(level: str, options: dict[str, object], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        make_player(level, **options)


def test_a_player_returning_an_illegal_move_stops_the_game() -> None:
    cheat = Player("cheat", lambda state, rng: 4)
    with pytest.raises(IllegalMove, match=r"cheat \(playing O\) chose the illegal move 4"):
        play_game(make_player("master"), cheat)


def test_a_player_cannot_move_after_the_game_ends() -> None:
    with pytest.raises(IllegalMove, match="already over"):
        make_player("random").choose(State.parse("XXX/OO./..."))


def test_players_accept_a_random_source_of_their_own() -> None:
    player = make_player("random", seed=9)
    first = [player.choose(State.new()) for _ in range(5)]
    player.reseed(9)
    assert [player.choose(State.new()) for _ in range(5)] == first
    assert isinstance(player.rng, random.Random)


# --- the catalogue of levels: one place for names, options, descriptions and boards ---------


def test_make_player_and_the_widget_accept_the_same_names() -> None:
    def accepted(read: object, name: str) -> bool:
        try:
            read(name)  # type: ignore[operator]
        except ValueError as error:
            assert f"unknown level {name!r}; choose one of" in str(error)
            return False
        return True

    odd = ["Brute_Force", " Unbeatable ", "trembling hand", "grandmaster", "", "master-2", "x"]
    for name in [*level_names(), *LEVEL_CHOICES, *odd]:
        assert accepted(make_player, name) == accepted(canonical_level, name), name
    assert {canonical_level(name) for name in LEVEL_CHOICES} == set(CATALOGUE)
    assert {canonical_level(name) for name in level_names()} == set(CATALOGUE) == set(LEVELS)


def test_an_alias_plays_like_its_level() -> None:
    for alias, level in ALIASES.items():
        options = {"playouts": 30} if level == "mcts" else {}
        moves = [
            [
                game.moves
                for game in play_match(
                    make_player(name, **options), make_player("random"), games=4, seed=3
                ).games
            ]
            for name in (alias, level)
        ]
        assert moves[0] == moves[1], alias


def test_descriptions_show_the_options_a_level_plays_with() -> None:
    assert describe_level("heuristic") == (
        "heuristic: minimax 5 moves deep, counting lines one mark short of complete where it stops"
    )
    on_4x4 = level_options("heuristic", (4, 4, 4))
    assert describe_level("heuristic", on_4x4).startswith("heuristic: minimax 3 moves deep")
    assert describe_level("Trembling_Hand", {"epsilon": 0.25}) == (
        "trembling-hand: perfect play, but a random move 25% of the time"
    )
    assert describe_level("novice", {"probability": 1}).startswith("novice: the best move 100%")
    assert describe_level("mcts", {"exploration": 2}) == (
        "mcts: Monte Carlo tree search, 1000 random games per move"
    )
    for name in level_names():  # every option a description names has a default
        assert describe_level(name).startswith(f"{name}: ")


def test_levels_offered_per_board() -> None:
    assert offered_levels((3, 3, 3)) == LEVEL_CHOICES
    for size in [(4, 4, 4), (4, 4, 3)]:
        assert set(LEVEL_CHOICES) - set(offered_levels(size)) == {"brute-force", "menace", "td"}
        assert "brute-force is not offered on 4x4" in levels_note(size)
        assert "heuristic looks 3 moves ahead (not 5)" in levels_note(size)
        assert "mcts plays 150 random games per move (not 1000)" in levels_note(size)
    assert level_options("heuristic", (4, 4, 4)) == {"depth": 3}
    assert level_options("heuristic", (3, 3, 3)) == {}
    assert level_options("mcts", (3, 3, 3), {"mcts": {"playouts": 9}}) == {"playouts": 9}
    assert level_options("MCTS", (4, 4, 3), {"Unbeatable": {"random_ties": True}}) == {
        "playouts": 150
    }
    assert NOT_OFFERED[(3, 3, 3)] == {}
    assert set(NOT_OFFERED) == set(BOARD_SIZES)


def test_boards_that_are_not_offered_are_refused_with_the_choice() -> None:
    assert board_size((4, 4), 3) == (4, 4, 3)
    for size, k in [((5, 5), None), ((3, 3), 2), ((4, 4, 4, 4), None), ((4, 4, 4), 3)]:
        with pytest.raises(ValueError, match="not offered|size is"):
            board_size(size, k)
    with pytest.raises(ValueError, match="choose one of 3x3 with k=3, 4x4 with k=4"):
        offered_levels((5, 5, 4))


def test_a_catalogue_entry_must_explain_its_faster_options() -> None:
    with pytest.raises(ValueError, match="fast_note"):
        Level("quick", lambda *, n=1: random_move, "n={n}", fast={(3, 3, 3): {"n": 2}})
    with pytest.raises(ValueError, match="does not take the option"):
        Level("quick", lambda: random_move, "any", fast={(3, 3, 3): {"n": 2}}, fast_note="x")
    with pytest.raises(ValueError, match="not offered"):
        Level(
            "quick",
            lambda *, n=1: random_move,
            "n={n}",
            fast={(3, 3, 3): {"n": 2}},
            fast_note="n={n}",
            not_offered={(3, 3, 3): "too slow"},
        )


# --- the eight classic rules (Lesson 2b) -------------------------------------------------------


def worst_for(side: Mark, allowed: Callable[[State], Sequence[int]]) -> tuple[int, int]:
    """The worst result (+1/0/-1 for `side`) of a player on 3x3 that may make any move
    `allowed` offers, against an opponent who may make any legal move; and how many different
    games that is."""

    @functools.cache
    def explore(state: State) -> tuple[int, int]:
        if state.is_terminal:
            return (0 if state.winner is None else 1 if state.winner == side else -1), 1
        moves = allowed(state) if state.turn == side else state.legal_moves()
        results = [explore(state.play(move)) for move in moves]
        return min(result for result, _ in results), sum(games for _, games in results)

    return explore(State.new())


@pytest.mark.parametrize("side", ["X", "O"])
def test_the_classic_rules_never_lose_whatever_the_opponent_and_the_dice(side: Mark) -> None:
    worst, games = worst_for(side, lambda state: which_rule(state)[1])
    assert worst == 0 and games > 100
    rules = make_player("rules", seed=3)
    assert all(rules.choose(s) in which_rule(s)[1] for s in NON_TERMINAL[:500])


def test_the_exhaustive_check_catches_rule_lists_that_can_lose() -> None:
    def loose_fork_block(state: State) -> Sequence[int]:  # rule 4 read as "take their fork cell"
        name, moves = which_rule(state)
        return fork_moves(state, other(state.turn)) if name == "block a fork" else moves

    def without_fork_block(state: State) -> Sequence[int]:
        for name, offered in CLASSIC_RULES:
            if name != "block a fork" and (moves := tuple(offered(state))):
                return moves
        return ()

    assert worst_for("O", loose_fork_block)[0] == -1  # X../.O./..X: a corner lets X fork
    assert worst_for("O", without_fork_block)[0] == -1
    assert (
        worst_for("X", lambda state: completing_moves(state, "X") or state.legal_moves())[0] == -1
    )


@pytest.mark.parametrize(
    ("text", "rule", "moves"),
    [
        ("XX./OO./...", "win", (2,)),  # X could also block at 5, but winning comes first
        ("XO./X.O/...", "win", (6,)),
        ("XX./O../...", "block", (2,)),
        ("XOX/.../O..", "fork", (8,)),  # X at 8 threatens 4 (0-4-8) and 5 (2-5-8)
        ("X../.O./..X", "block a fork", (1, 3, 5, 7)),  # not a corner: X's block would fork
        ("XXO/.../...", "block a fork", (4, 5, 7, 8)),
        (".../.../...", "centre", (4,)),
        ("O../.X./...", "opposite corner", (8,)),
        (".../.X./...", "empty corner", (0, 2, 6, 8)),
        ("XOX/.X./OXO", "empty side", (3, 5)),
    ],
)
def test_which_rule_names_the_first_rule_that_applies(
    text: str, rule: str, moves: tuple[int, ...]
) -> None:
    assert which_rule(State.parse(text)) == (rule, moves)


def test_fork_moves_for_either_player_and_the_rules_on_bigger_boards() -> None:
    trap = State.parse("X../.O./..X")  # O to move
    assert fork_moves(trap) == () and fork_moves(trap, "X") == (2, 6)
    assert fork_blocks(State.parse("X../.../...")) == ()  # one X cannot fork yet
    assert fork_blocks(State.parse("X.O/.O./..X")) == (6,)  # the block that is also a fork
    assert which_rule(State.new(4, 4, 3)) == ("centre", (5, 6, 9, 10))
    assert which_rule(State.new(3, 4, 3)) == ("centre", (5, 6))
    assert which_rule(State.new(3, 5, 3)) == ("centre", (7,))
    assert which_rule(State.new(3, 5, 3).play(7).play(6))[0] == "empty corner"
    assert which_rule(State.new(4, 4, 4).play(0)) == ("centre", (5, 6, 9, 10))
    assert which_rule(State.parse("XX../O.../....", k=3)) == ("block", (2,))
    with pytest.raises(IllegalMove, match="game is over"):
        which_rule(State.parse("XXX/OO./..."))


def test_brute_force_answers_every_opening_outside_the_centre_in_the_centre() -> None:
    """Lesson 2b repeats the five-rounds tutorial's remark that its brute-force AI takes the
    centre whenever it is free: playing O, that is its answer to each opening elsewhere."""
    openings = [State.new().play(move) for move in range(9) if move != 4]
    assert [brute_force_sum(state, random.Random(0)) for state in openings] == [4] * 8


# --- the two novices: ours errs with a strictly worse move, the first tutorial's with the second --


def tutorials_ranking(state: State) -> list[int]:
    """The *Tic-Tac-Toe AI* tutorial's order, worked out by the referee: every move sorted by
    its minimax value (10 minus O's moves for an X win, -10 plus them for an O win, 0 for a
    draw), best first for the mover; the sort is stable, so equal moves stay in board order."""
    mover = 1 if state.turn == "X" else -1

    def tutorial_value(move: int) -> int:
        child = oracle.outcome(state.play(move))
        if child.value == 0:
            return 0
        marks = state.moves_made + 1 + child.plies  # on the board when the game is won
        o_moves = marks // 2
        return 10 - o_moves if child.value > 0 else -10 + o_moves

    return sorted(state.legal_moves(), key=lambda move: -mover * tutorial_value(move))


def test_the_tutorials_novice_takes_the_first_or_the_second_of_the_tutorials_ranking() -> None:
    careful = make_player("novice", mistake="second", probability=1.0)
    careless = make_player("novice", mistake="second", probability=0.0)
    for state in NON_TERMINAL:
        ranking = tutorials_ranking(state)
        assert careful.choose(state) == ranking[0], state
        assert careless.choose(state) == ranking[min(1, len(ranking) - 1)], state


def test_the_tutorials_second_choice_is_often_no_mistake_and_ours_always_is() -> None:
    from tictac.search.solver import best_moves as masters_moves

    ours = make_player("novice", probability=0.0)
    tutorials = make_player("novice", mistake="second", probability=0.0)
    harmless = by_the_package = with_a_choice = 0
    for state in NON_TERMINAL:
        best = oracle.outcome(state)
        if len(oracle.best_moves(state)) < len(state.legal_moves()):  # a worse move exists
            assert oracle.outcome(state.play(ours.choose(state))) != (best.value, best.plies - 1)
        if len(state.legal_moves()) > 1:
            with_a_choice += 1
            harmless += tutorials_ranking(state)[1] in oracle.best_moves(state)
            by_the_package += tutorials.choose(state) in masters_moves(state)
    assert harmless == by_the_package  # Lesson 4 prints the count, from the package
    assert 0.25 < harmless / with_a_choice < 0.4  # "in about a third of the positions"


def test_the_novices_mistake_is_named_and_described() -> None:
    assert describe_level("novice") == (
        "novice: the best move 40% of the time, else the best of the worse ones"
    )
    assert describe_level("novice", {"mistake": "second"}).endswith(
        "the second-ranked, which may be as good"
    )
    with pytest.raises(ValueError, match="mistake is one of 'worse', 'second', not 'third'"):
        make_player("novice", mistake="third")


def test_the_remembered_ranking_is_the_ranking_worked_out_afresh() -> None:
    from tictac.players import rank_moves, ranked_moves
    from tictac.search import Budget

    for state in NON_TERMINAL:
        remembered = rank_moves(state)
        assert rank_moves(state) is remembered  # later calls: remembered
        afresh = rank_moves(state, budget=Budget(positions=10**6, seconds=60.0))
        assert afresh == remembered and afresh is not remembered
    with pytest.warns(DeprecationWarning, match=r"use rank_moves\(state\)\.moves"):
        assert ranked_moves(NON_TERMINAL[0]) == list(rank_moves(NON_TERMINAL[0]).moves)


def test_the_remembered_completing_moves_are_those_worked_out_afresh() -> None:
    from tictac.search import threats

    threats.completing_cells.cache_clear()
    for state in reachable_states():
        for mark in ("X", "O"):
            afresh = sorted(
                {
                    line[[state.cells[i] for i in line].index(".")]
                    for line in oracle.lines(3, 3, 3)
                    if [state.cells[i] for i in line].count(mark) == 2
                    and "." in [state.cells[i] for i in line]
                }
            )
            assert completing_moves(state, mark) == afresh  # the first call fills the memo
            assert completing_moves(state, mark) == afresh  # later calls read it
    answer = completing_moves(State.parse("XX./OO./..."), "O")
    answer.append(9)  # a caller's list is its own: the memo is not changed
    assert completing_moves(State.parse("XX./OO./..."), "O") == [5]


# ---------------------------------------------------------------------------------------------
# searching: a win it sees outranks every guess, however large


def test_searching_takes_a_win_over_a_heuristic_worth_more_than_win_loss() -> None:
    greedy = searching(depth=1, heuristic=weighted({"open_3": 100}))
    win_now = State.parse("XXX./OO../O.../....", k=4)  # X wins at 3; other moves score 100
    assert 3 not in alphabeta(win_now, depth=1, heuristic=weighted({"open_3": 100})).best_moves
    assert {greedy(win_now, random.Random(seed)) for seed in range(10)} == {3}
    must_block = State.parse("OOO./XX../X.../...X", k=4)  # X to move; O wins at 3 unless blocked

    def gloomy(state: State, ply: int) -> float:
        return -100  # every running game looks worse for X than a loss does to win_loss

    assert alphabeta(must_block, depth=2, heuristic=gloomy).best_moves != (3,)  # the trap
    cautious = searching(depth=2, heuristic=gloomy)
    assert {cautious(must_block, random.Random(seed)) for seed in range(10)} == {3}


def test_searching_chooses_as_before_when_the_heuristic_stays_below_a_win() -> None:
    """Squeezing the heuristic keeps its order: the "heuristic" level's choices on 3x3 are
    those of the plain search (two_in_a_row never reaches 1 there)."""
    rule = searching(depth=3, heuristic=two_in_a_row)
    for state in [s for s in reachable_states() if not s.is_terminal][::17]:
        plain = alphabeta(state, depth=3, heuristic=two_in_a_row, memo=True).best_moves
        chosen = {rule(state, random.Random(seed)) for seed in range(6)}
        assert chosen <= set(plain), state


def test_searching_can_extend_threats() -> None:
    horizon = State.parse(".X.X/OXXO/O.XO/....", k=4)  # Lesson 7b's: only 0 holds the draw
    plain = searching(depth=2, heuristic=open_lines)
    extended = searching(depth=2, heuristic=open_lines, extend_threats=True)
    assert plain(horizon, random.Random(0)) == 12
    assert extended(horizon, random.Random(0)) == 0
