"""The machine line every benchmark script prints first: the CPU (lscpu's model name) and the load
average, since figures from a loaded machine are upper bounds."""

import os
import platform
import subprocess


def cpu_name():
    """lscpu's model name with the CPU family and model: VMs named just "AMD EPYC" have been
    Zen 3 (family 25, model 1) on some days and Zen 4 (model 17) on others, whose build and run
    times differ by 1.4 to 1.6 times."""
    fields = {}
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            key, _, value = line.partition(":")
            fields.setdefault(key.strip(), value.strip())
        name, family, model = fields.get("Model name"), fields.get("CPU family"), fields.get("Model")
    except (OSError, subprocess.CalledProcessError):
        name = family = model = None
    if not name:
        try:
            with open("/proc/cpuinfo") as f:
                for line in f:
                    key, _, value = line.partition(":")
                    fields.setdefault(key.strip(), value.strip())
            name = fields.get("model name")
            family, model = fields.get("cpu family"), fields.get("model")
        except OSError:
            pass
    if not name:
        return platform.processor() or "unknown CPU"
    if family and model:
        return f"{name} (family {family}, model {model})"
    return name


def machine_line():
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"CPU: {cpu_name()} ({os.cpu_count()} logical cores); load average: {load}"
