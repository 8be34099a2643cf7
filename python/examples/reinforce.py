"""REINFORCE with a linear softmax policy in numpy: one agent learning to beat built-in bots in the
single-agent Gymnasium environment of any game (``contest_engines.gymnasium``).

    python python/examples/reinforce.py --game tron3d --opponents demo --episodes 600
    python python/examples/reinforce.py --game tictactoe --episodes 3000 --lr 0.05

The policy is ``softmax(observation @ W)`` over the legal actions (``info["action_mask"]``);
after each episode ``W`` moves along the log-likelihood gradient of the actions taken, scaled
by the episode's return (+1 a win, -1 a loss) less a running baseline. Every ``--report``
episodes it prints the mean return of those episodes against the bots.
"""

import argparse
import importlib
import time

import numpy as np


def train(game="tron3d", opponents=None, episodes=600, lr=0.01, seed=0, max_steps=None,
          report=50, out=print):
    """Trains for ``episodes`` episodes; answers the list of episode returns and the weights."""
    env = importlib.import_module(f"contest_engines.gymnasium.{game}").env(
        opponents=opponents, max_steps=max_steps
    )
    features = int(np.prod(env.observation_space.shape))
    actions = int(env.action_space.n)
    rng = np.random.default_rng(seed)
    weights = np.zeros((features, actions), dtype=np.float64)
    baseline = 0.0
    returns = []
    start = time.perf_counter()
    for episode in range(episodes):
        observation, info = env.reset(seed=seed * 1_000_003 + episode)
        xs, probabilities, taken = [], [], []
        reward = 0.0
        while True:
            x = observation.reshape(-1).astype(np.float64)
            logits = x @ weights
            logits = np.where(info["action_mask"] == 1, logits, -np.inf)
            p = np.exp(logits - logits.max())
            p /= p.sum()
            action = int(rng.choice(actions, p=p))
            xs.append(x)
            probabilities.append(p)
            taken.append(action)
            observation, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                break
        # The gradient of sum(log p(action)) is x ⊗ (onehot(action) - p) per step.
        chosen = np.zeros((len(taken), actions))
        chosen[np.arange(len(taken)), taken] = 1.0
        advantage = reward - baseline
        weights += lr * advantage * (np.array(xs).T @ (chosen - np.array(probabilities)))
        baseline += 0.05 * (reward - baseline)
        returns.append(reward)
        if report and (episode + 1) % report == 0:
            recent = returns[-report:]
            out(
                f"episodes {episode + 1}: mean return {np.mean(recent):+.3f} over the last "
                f"{len(recent)} against {opponents or 'the default bots'} "
                f"({time.perf_counter() - start:.0f} s)"
            )
    env.close()
    return returns, weights


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="tron3d")
    parser.add_argument(
        "--opponents", default=None, help="a bot name of contest_engines.bots (default: the game's)"
    )
    parser.add_argument("--episodes", type=int, default=600)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-steps", type=int, default=None)
    parser.add_argument("--report", type=int, default=50)
    args = parser.parse_args(argv)
    train(args.game, args.opponents, args.episodes, args.lr, args.seed, args.max_steps, args.report)


if __name__ == "__main__":
    main()
