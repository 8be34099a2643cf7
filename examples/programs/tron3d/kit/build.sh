#!/bin/sh
# Compiles one Tron3D kit player file into a program speaking tron3d-protocol 1:
#   examples/programs/tron3d/kit/build.sh AIMyPlayer.cc OUT
# then `play tron3d --bots cmd:OUT,demo` plays it. See README.md beside this script.
set -e
if [ $# -ne 2 ]; then
    echo "usage: $0 AIMyPlayer.cc OUT" >&2
    exit 2
fi
kit=$(cd "$(dirname "$0")" && pwd)
# shellcheck disable=SC2086 # CXXFLAGS: further options, split on spaces
exec ${CXX:-g++} -std=c++17 -O2 $CXXFLAGS -I"$kit" -o "$2" "$1" "$kit/Kit.cc"
