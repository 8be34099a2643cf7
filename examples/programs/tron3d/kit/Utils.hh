// Tron3D kit API over tron3d-protocol 1 (contest-engines): the standard headers a kit player
// may rely on without including them itself, and the kit's `check` assertion.
// Written for this project; not the original kit's file.
#ifndef Utils_hh
#define Utils_hh

#include <algorithm>
#include <cassert>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <list>
#include <map>
#include <queue>
#include <set>
#include <sstream>
#include <stack>
#include <string>
#include <utility>
#include <vector>

using namespace std;

/// Aborts with a message when `b` is false (the kit's assertion for API misuse).
#define check(b) kit_check((b), #b, __FILE__, __LINE__)

inline void kit_check(bool b, const char* what, const char* file, int line) {
    if (!b) {
        cerr << "check failed: " << what << " (" << file << ":" << line << ")" << endl;
        abort();
    }
}

#endif
