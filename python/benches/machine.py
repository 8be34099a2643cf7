"""The machine line every benchmark script prints first: the CPU (lscpu's model name) and the load
average, since figures from a loaded machine are upper bounds."""

import os
import platform
import subprocess


def cpu_name():
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            if line.startswith("Model name:"):
                return line.split(":", 1)[1].strip()
    except (OSError, subprocess.CalledProcessError):
        pass
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def machine_line():
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"CPU: {cpu_name()} ({os.cpu_count()} logical cores); load average: {load}"
