"""Training on the Tron3D PettingZoo environment with Ray RLlib's multi-agent API, where one
machine is not enough: RLlib spreads the environment runners over a Ray cluster (one machine by
default; `ray start` on others and `ray.init(address="auto")` to use them).

    pip install "ray[rllib]" torch          # not a dependency of contest_engines
    python python/examples/rllib_tron3d.py --iterations 20 [--env-runners 2] [--board cube6]

What it sets up:

- the environment: `contest_engines.pettingzoo.tron3d.parallel_env`, wrapped in RLlib's
  `ParallelPettingZooEnv` (a `MultiAgentEnv`; the four players are four agents);
- action masks: each observation is a dict with the player's tensor and its legal-action mask.
  RLlib's action-masking module (`ActionMaskingTorchRLModule`, from RLlib's examples) reads
  them under the keys `"observations"` and `"action_mask"`, so `FlatMaskedObservation` renames
  ours (`"observation"`) and flattens it (RLlib's default encoders take no 2-D boxes). A player out of the game for now (a crashed bike) has an all-zero
  mask; the module then samples any index, and the environment ignores that player's action;
- one policy shared by all four seats (`policy_mapping_fn` maps every agent to `"shared"`), the
  usual self-play set-up for a symmetric game; give each seat its own module by mapping
  `player_i` to `f"seat_{i}"` and listing the four in `MultiRLModuleSpec`;
- rewards: 0 until the game ends, then `2 * returns - 1` per player (see the package README).

`train(iterations, ...)` answers the list of RLlib's result dicts; the smoke test
(`python/tests/test_rllib_example.py`) runs one tiny iteration when Ray is installed.
Written for RLlib's new API stack (Ray 2.40 or newer).
"""

import argparse

from pettingzoo.utils.env import ParallelEnv

from contest_engines.pettingzoo import tron3d


class FlatMaskedObservation(ParallelEnv):
    """Our parallel environment as RLlib's action-masking module reads it: each observation a
    dict of `"observations"` (our `"observation"` tensor, flattened: RLlib's default encoders
    take 1-D vectors or 3-D images, not the `[planes, vertices]` matrix) and `"action_mask"`."""

    def __init__(self, env):
        from gymnasium import spaces

        self.env = env
        self.metadata = env.metadata
        self.possible_agents = env.possible_agents
        self.render_mode = env.render_mode
        self._spaces = {}
        for a in env.possible_agents:
            tensor = env.observation_space(a)["observation"]
            self._spaces[a] = spaces.Dict(
                {
                    "observations": spaces.Box(
                        tensor.low.reshape(-1), tensor.high.reshape(-1), dtype=tensor.dtype
                    ),
                    "action_mask": env.observation_space(a)["action_mask"],
                }
            )

    @property
    def agents(self):
        return self.env.agents

    def observation_space(self, agent):
        return self._spaces[agent]

    def action_space(self, agent):
        return self.env.action_space(agent)

    @staticmethod
    def _rename(observations):
        return {
            a: {"observations": o["observation"].reshape(-1), "action_mask": o["action_mask"]}
            for a, o in observations.items()
        }

    def reset(self, seed=None, options=None):
        observations, infos = self.env.reset(seed=seed, options=options)
        return self._rename(observations), infos

    def step(self, actions):
        observations, rewards, terminations, truncations, infos = self.env.step(actions)
        return self._rename(observations), rewards, terminations, truncations, infos

    def render(self):
        return self.env.render()

    def close(self):
        self.env.close()


def make_env(env_config):
    from ray.rllib.env.wrappers.pettingzoo_env import ParallelPettingZooEnv

    env = tron3d.parallel_env(
        board=env_config.get("board", "cube6"), max_steps=env_config.get("max_steps")
    )
    return ParallelPettingZooEnv(FlatMaskedObservation(env))


def config(board="cube6", env_runners=0, batch=4000, minibatch=500, epochs=5, max_steps=None):
    """The PPO configuration: one shared action-masking policy for every seat."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    register_env("contest_engines_tron3d", make_env)
    return (
        PPOConfig()
        .environment("contest_engines_tron3d", env_config={"board": board, "max_steps": max_steps})
        .env_runners(num_env_runners=env_runners)
        .multi_agent(
            policies={"shared"},
            policy_mapping_fn=lambda agent_id, episode, **kwargs: "shared",
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"head_fcnet_hiddens": [256, 256]},
                    )
                }
            )
        )
        .training(train_batch_size_per_learner=batch, minibatch_size=minibatch, num_epochs=epochs)
    )


def train(iterations, on_result=None, **kwargs):
    """Builds PPO from `config(**kwargs)`, trains `iterations` times and answers the results
    (each also passed to `on_result(i, result)` as soon as it is in)."""
    import ray

    ray.init(ignore_reinit_error=True, include_dashboard=False)
    algo = config(**kwargs).build_algo()
    results = []
    try:
        for i in range(1, iterations + 1):
            results.append(algo.train())
            if on_result is not None:
                on_result(i, results[-1])
        return results
    finally:
        algo.stop()


def summary(result):
    """One line of figures from an RLlib result: what was sampled, the seats' returns (a seat's
    mean return over the games that ended: +1 win, -1 loss; the four sum to 0, so the episode
    return RLlib also reports is 0) and the shared policy's learner statistics."""
    runners = result.get("env_runners", {})
    learner = result.get("learners", {}).get("shared", {})
    seats = runners.get("agent_episode_returns_mean", {})
    nan = float("nan")
    return (
        f"env steps {runners.get('num_env_steps_sampled_lifetime', nan):.0f}, "
        f"games ended {runners.get('num_episodes_lifetime', 0):.0f}, "
        f"mean game length {runners.get('episode_len_mean', nan):.1f}, "
        "seat returns ["
        + ", ".join(f"{seats[a]:+.2f}" for a in sorted(seats))
        + "], "
        f"policy loss {learner.get('policy_loss', nan):.4f}, "
        f"value loss {learner.get('vf_loss', nan):.4f}, "
        f"entropy {learner.get('entropy', nan):.4f}, "
        f"{result.get('time_this_iter_s', nan):.1f} s"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--env-runners", type=int, default=2)
    parser.add_argument("--board", default="cube6")
    parser.add_argument("--batch", type=int, default=4000, help="env steps per iteration")
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--max-steps", type=int, default=None, help="truncate games")
    args = parser.parse_args()
    train(
        args.iterations,
        on_result=lambda i, result: print(f"iteration {i}: {summary(result)}", flush=True),
        board=args.board,
        env_runners=args.env_runners,
        batch=args.batch,
        minibatch=min(500, args.batch),
        epochs=args.epochs,
        max_steps=args.max_steps,
    )

if __name__ == "__main__":
    main()
