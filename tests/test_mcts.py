"""Monte Carlo tree search (tictac.search.mcts): the tree it keeps, its four phases, its numbers,
the positions it counts, and the drawing of its tree (tictac.pictures.tree.draw_mcts_tree)."""

from __future__ import annotations

import math
import random
import re

import pytest

from tictac import State
from tictac.exercises.checking import exercise_positions
from tictac.pictures.tree import GameTree, draw_mcts_tree
from tictac.search.budget import BudgetExceeded
from tictac.search.mcts import (
    MCTSNode,
    back_up,
    backpropagate,
    expand,
    playout,
    select,
    simulate,
    uct,
    uct_search,
)

POSITIONS = [".../.../...", "X../.O./...", "XX./.O./...", "X.O/.O./X..", "XO./.X./..O"]


def searched(text: str, playouts: int = 200, seed: int = 1) -> MCTSNode[int]:
    tree = uct_search(State.parse(text), playouts=playouts, seed=seed, keep_tree=True).tree
    assert tree is not None
    return tree


@pytest.mark.parametrize("text", POSITIONS)
def test_every_playout_is_counted_once_on_its_way_down(text: str) -> None:
    """The root is visited by every playout and passes each on to one child; a node below it
    also ends the playout that added it (or every playout that reached it, if the game is
    over there)."""
    root = searched(text)
    assert root.visits == 200 == sum(child.visits for child in root.children)
    for node in root.walk():
        if node is root:
            continue
        below = sum(child.visits for child in node.children)
        if node.state.is_terminal:
            assert not node.children and not node.untried
        else:
            assert node.visits == 1 + below
        assert 0 <= node.reward <= node.visits and (2 * node.reward).is_integer()
        moves = sorted([c.move for c in node.children if c.move is not None] + node.untried)
        assert moves == list(node.state.legal_moves())


@pytest.mark.parametrize("text", POSITIONS)
def test_the_result_reads_the_roots_children(text: str) -> None:
    result = uct_search(State.parse(text), playouts=150, seed=2, keep_tree=True)
    assert result.tree is not None
    children = {c.move: c for c in result.tree.children}
    assert result.visits == {m: c.visits for m, c in children.items()}
    assert result.mean_results == pytest.approx({m: c.mean for m, c in children.items()})
    assert result.visits[result.move] == max(result.visits.values())
    assert result == uct_search(State.parse(text), playouts=150, seed=2)  # the tree is extra


def test_a_childs_mean_counts_for_the_player_who_moved_into_it() -> None:
    root = searched("XX./OO./...", playouts=300)
    win = next(c for c in root.children if c.move == 2)
    assert (win.mover, win.mean, win.state.winner) == ("X", 1.0, "X")
    for child in root.children:
        assert child.mover == "X"
        for grandchild in child.children:
            assert grandchild.mover == "O"


def test_every_draw_counts_half() -> None:
    last = uct_search(State.parse("XOX/XOO/OX."), playouts=10, seed=0, keep_tree=True)
    assert last.mean_results == {8: 0.5}
    assert last.tree is not None and last.tree.children[0].reward == 5.0


def test_backpropagation_credits_each_node_on_the_path_for_its_mover() -> None:
    root = MCTSNode(State.parse("X../.../..."))
    child = MCTSNode(root.state.play(4), parent=root, move=4)
    grandchild = MCTSNode(child.state.play(8), parent=child, move=8)
    backpropagate(grandchild, "O")
    backpropagate(child, None)
    assert [(n.visits, n.reward) for n in (root, child, grandchild)] == [
        (2, 0.5),  # root: X moved last; O won, then a draw
        (2, 1.5),  # O moved into child
        (1, 0.0),  # X moved into grandchild
    ]


def test_back_up_is_the_old_name_of_backpropagate_and_says_so() -> None:
    root = MCTSNode(State.parse("X../.../..."))
    child = MCTSNode(root.state.play(4), parent=root, move=4)
    with pytest.warns(DeprecationWarning, match="backpropagate"):
        back_up(child, "O")
    assert [(n.visits, n.reward) for n in (root, child)] == [(1, 0.0), (1, 1.0)]


def shape(node: MCTSNode) -> tuple[object, ...]:
    return (node.move, node.visits, node.reward, node.untried, [shape(c) for c in node.children])


@pytest.mark.parametrize("text", POSITIONS)
@pytest.mark.parametrize("exploration", [0, 1.4])
def test_the_four_phases_by_hand_are_the_search(text: str, exploration: float) -> None:
    """select, expand, simulate and backpropagate, called in turn with the search's random
    numbers, grow the very tree uct_search grows, and playout records what they did."""
    state = State.parse(text)
    result = uct_search(state, playouts=50, exploration=exploration, seed=6, keep_tree=True)
    assert result.tree is not None
    root = MCTSNode(state, untried=list(state.legal_moves()))
    rng = random.Random(6)
    for _ in range(49):
        leaf = select(root, exploration)
        node = expand(leaf, rng)
        winner, _moves = simulate(node.state, rng)
        backpropagate(node, winner)
    assert playout(root, rng, exploration) == result.last_playout
    assert shape(root) == shape(result.tree)


def test_a_playout_counts_each_position_it_visits() -> None:
    state = State.parse("X../.O./...")
    result = uct_search(state, playouts=30, seed=2)
    root, rng, counted = MCTSNode(state, untried=list(state.legal_moves())), random.Random(2), []
    done = [playout(root, rng, count=lambda: counted.append(1)) for _ in range(30)]
    assert len(counted) == result.positions
    assert len(counted) == sum(
        1 + len(p.selected) + (p.expanded is not None) + len(p.simulated) for p in done
    )


def test_selection_stops_where_moves_are_untried_or_the_game_is_over() -> None:
    root = searched("XX./OO./...", playouts=40)
    leaf = select(root)
    assert leaf.untried or leaf.state.is_terminal
    node = leaf
    while node.parent is not None:  # every node above it has every move in the tree
        node = node.parent
        assert not node.untried
    won = next(c for c in root.children if c.move == 2)
    assert won.state.is_terminal and expand(won, random.Random(0)) is won
    assert simulate(won.state, random.Random(0)) == ("X", ())


def test_uct_is_the_mean_plus_the_bonus_and_infinite_before_a_visit() -> None:
    root = searched("X.O/.O./X..", playouts=30)
    for child in root.children:
        assert uct(child, 2.0) == child.mean + 2.0 * math.sqrt(math.log(30) / child.visits)
    growing = next(c for c in root.children if c.untried)
    fresh = expand(growing, random.Random(0))
    assert fresh.visits == 0 and uct(fresh) == math.inf
    with pytest.raises(ValueError, match="root"):
        uct(root)


def test_the_last_playout_is_the_path_the_tree_grew_along() -> None:
    for playouts in range(1, 40):
        result = uct_search(State.parse("X.O/.O./X.."), playouts=playouts, seed=3, keep_tree=True)
        playout, root = result.last_playout, result.tree
        assert playout is not None and root is not None
        node = root
        for move in playout.selected:
            node = next(c for c in node.children if c.move == move)
        if playout.expanded is None:
            assert node.state.is_terminal and not playout.simulated
        else:
            node = next(c for c in node.children if c.move == playout.expanded)
            assert node.visits == 1 and not node.children  # it was added by this playout
        end = node.state
        for move in playout.simulated:
            end = end.play(move)
        assert end.is_terminal and end.winner == playout.winner
        if playouts > 1:  # the same search one playout shorter: this path got one more visit
            before = uct_search(State.parse("X.O/.O./X.."), playouts=playouts - 1, seed=3)
            first = playout.selected[0] if playout.selected else playout.expanded
            assert result.visits[first] == before.visits.get(first, 0) + 1  # type: ignore[index]


@pytest.mark.parametrize("text", POSITIONS)
def test_positions_count_every_position_each_playout_visits(text: str) -> None:
    state = State.parse(text)
    result = uct_search(state, playouts=60, seed=4)
    assert uct_search(state, playouts=60, seed=4, budget=result.positions) == result
    with pytest.raises(BudgetExceeded):
        uct_search(state, playouts=60, seed=4, budget=result.positions - 1)


@pytest.mark.parametrize(("text", "cap"), [(".../.../...", 500), ("X../.O./...", 77)])
def test_a_positions_cap_stops_cleanly_before_a_playout_that_might_not_fit(
    text: str, cap: int
) -> None:
    state = State.parse(text)
    capped = uct_search(state, playouts=None, positions=cap, seed=5)
    longest = 1 + len(state.legal_moves())
    assert cap - longest < capped.positions <= cap
    same = uct_search(state, playouts=capped.playouts, seed=5)
    assert (same.visits, same.positions) == (capped.visits, capped.positions)
    assert uct_search(state, playouts=3, positions=cap, seed=5).playouts == 3


def test_bad_options_are_refused() -> None:
    state = State.new()
    with pytest.raises(ValueError, match="playouts=None"):
        uct_search(state, playouts=None)
    with pytest.raises(ValueError, match="positions must be"):
        uct_search(state, positions=0)
    with pytest.raises(ValueError, match="too few for one playout"):
        uct_search(state, playouts=None, positions=5)
    with pytest.raises(ValueError, match="exploration"):
        uct_search(state, exploration=-1)


def test_uct_scores_add_the_exploration_bonus_to_the_mean() -> None:
    root = searched("X.O/.O./X..", playouts=30)
    for child in root.children:
        bonus = 1.4 * (math.log(30) / child.visits) ** 0.5
        assert child.uct_score() == pytest.approx(child.mean + bonus)
        assert child.uct_score(0) == pytest.approx(child.mean)
    best = max(root.children, key=lambda c: c.uct_score())
    assert root.uct_child() is best
    with pytest.raises(ValueError, match="root"):
        root.uct_score()


def test_exploration_zero_follows_the_best_mean() -> None:
    root = searched("X../.O./...", playouts=100)
    assert root.uct_child(0) is max(root.children, key=lambda c: c.mean)


# -- the drawing ------------------------------------------------------------------------------


def drawn(text: str, playouts: int, max_nodes: int, seed: int = 1) -> tuple[str, MCTSNode]:
    result = uct_search(State.parse(text), playouts=playouts, seed=seed, keep_tree=True)
    assert result.tree is not None
    return draw_mcts_tree(result, max_nodes=max_nodes).source, result.tree


@pytest.mark.parametrize(("text", "max_nodes"), [("X../.O./...", 25), ("XX./.O./...", 8)])
def test_the_drawing_shows_or_summarises_every_tree_node(text: str, max_nodes: int) -> None:
    source, root = drawn(text, 200, max_nodes)
    boards = source.count('<table border="2"')
    summarised = sum(
        int(part.split(" more position")[0].replace(",", "")) for part in source.split("… ")[1:]
    )
    assert boards == max_nodes
    assert boards + summarised == sum(1 for _ in root.walk())


@pytest.mark.parametrize("index", range(0, 4520, 250))
@pytest.mark.slow
def test_the_drawing_is_whole_on_positions_a_student_might_draw(index: int) -> None:
    state = exercise_positions()[index]
    if state.is_terminal:
        state = State.new(4, 4, 4).play(index % 16)
    for playouts, max_nodes in [(6, 40), (80, 12)]:
        result = uct_search(state, playouts=playouts, seed=index, keep_tree=True)
        assert result.tree is not None
        size = sum(1 for _ in result.tree.walk())
        source = draw_mcts_tree(result, max_nodes=max_nodes).source
        boards = source.count('<table border="2"')
        summarised = sum(
            int(part.split(" more position")[0].replace(",", "")) for part in source.split("… ")[1:]
        )
        assert boards == min(max_nodes, size) and boards + summarised == size
        assert source.count("✓ chosen") == 1


def test_the_drawing_ticks_the_chosen_move_and_draws_the_last_playout() -> None:
    result = uct_search(State.parse("X.O/.O./X.."), playouts=11, seed=0, keep_tree=True)
    source = draw_mcts_tree(result).source
    assert f'label="{result.move} ✓ chosen"' in source
    playout = result.last_playout
    assert playout is not None and playout.expanded is not None
    assert "<b>new</b>" in source and "simulation" in source
    cells = ", ".join(map(str, playout.simulated))
    assert f"random game: {len(playout.simulated)} moves ({cells})" in source
    assert source.count("penwidth=2.5") == 1 + len(playout.selected)
    quiet = draw_mcts_tree(result, show_last_playout=False).source
    assert "simulation" not in quiet and "penwidth" not in quiet


def test_a_tiny_drawing_cuts_the_last_playouts_path_and_says_so() -> None:
    result = uct_search(State.new(), playouts=50, seed=2, keep_tree=True)
    for max_nodes in (1, 2):
        source = draw_mcts_tree(result, max_nodes=max_nodes).source
        assert source.count('<table border="2"') == max_nodes
        assert "more position" in source


def test_a_width_scales_a_wide_drawing_down_and_leaves_nothing_out() -> None:
    """Lesson 8's 200-playout tree is wider than a notebook: with `width` it fits (pixels of
    96 to the inch, Graphviz's points 72), and the drawing is the same but for its size."""
    result = uct_search(State.parse("XX./.O./..."), playouts=200, seed=2, keep_tree=True)
    full, fitted = (
        draw_mcts_tree(result, max_nodes=13),
        draw_mcts_tree(result, max_nodes=13, width=960),
    )

    def size(tree: GameTree) -> tuple[float, float]:
        svg = tree.pipe(format="svg").decode()
        found = re.search(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"', svg)
        assert found is not None
        return float(found[1]) * 4 / 3, float(found[2]) * 4 / 3  # in pixels

    (wide, tall), (narrow, short) = size(full), size(fitted)
    assert wide > 960 and narrow == pytest.approx(960, abs=1)
    assert short / narrow == pytest.approx(tall / wide, rel=0.02)  # scaled, not squeezed
    assert fitted.source.replace(' size="10,1000"', "") == full.source
    assert repr(fitted) == repr(full)
    small = uct_search(State.parse("X.O/.O./X.."), playouts=11, seed=0, keep_tree=True)
    assert size(draw_mcts_tree(small, width=960)) == size(draw_mcts_tree(small))  # fits already
    with pytest.raises(ValueError, match="width must be a whole number of pixels"):
        draw_mcts_tree(result, width=5)


def test_the_drawing_needs_a_kept_tree() -> None:
    with pytest.raises(ValueError, match="keep_tree=True"):
        draw_mcts_tree(uct_search(State.new(), playouts=5, seed=0))
    with pytest.raises(TypeError, match="uct_search"):
        draw_mcts_tree(State.new())  # type: ignore[arg-type]


def test_searches_with_the_same_seed_grow_the_same_tree() -> None:
    def shape(root: MCTSNode[int]) -> list[tuple[int | None, int, float]]:
        return [(n.move, n.visits, n.reward) for n in root.walk()]

    one = searched("X../.../...", playouts=120, seed=random.Random(7))  # type: ignore[arg-type]
    two = searched("X../.../...", playouts=120, seed=random.Random(7))  # type: ignore[arg-type]
    assert shape(one) == shape(two)
