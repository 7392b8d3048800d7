#pragma once

#include <QString>
#include <QStringList>

#include <span>

namespace ksv::cli {

// What an option's argument (or a command's positional argument) is: the help shows it, the shell
// completion offers candidates of that kind (completion.h).
enum class ArgumentKind { None, File, Directory, Duration, Number, Choice, Context, Pod, Lesson, Namespace, Size, Address, Gates };

struct OptionHelp
{
    const char* flag;     // "--config"
    const char* alias;    // "--output" for "-o", else nullptr
    const char* argument; // "FILE", or nullptr for a flag without one
    ArgumentKind kind;
    const char* text;     // one sentence or two, wrapped when printed
    const char* choices = nullptr; // ArgumentKind::Choice: the values, space-separated
};

// One command of the command line. The table below is the single source of `--help`, of
// `COMMAND --help`, of the man page and of the shell completion, so that none can drift from the
// others; tests/app/tst_commandhelp.cpp checks it against parseArguments() both ways.
struct CommandHelp
{
    const char* name;        // "check"; "" for the desktop app, which has no command word
    const char* synopsis;    // one or more lines, each starting with "kschedviz"
    const char* summary;     // one line for the overview
    const char* description; // paragraphs separated by "\n\n"
    std::span<const OptionHelp> options;
    ArgumentKind positional; // what the command's positional argument is (File for a SCENARIO)
    const char* example;     // the shortest valid invocation, without "kschedviz"
};

std::span<const CommandHelp> commands();
const CommandHelp* findCommand(const QString& name); // "" finds the desktop app
// The option as `command` knows it, else as any command does (an option before the command word).
const OptionHelp* findOption(const CommandHelp& command, const QString& flag);

QString usage();                              // --help: every command's synopsis and summary
QString commandUsage(const CommandHelp& command); // COMMAND --help: synopsis, description, options
QString manPage();                            // roff for man(1), a section per command (manpage.cpp)

// Breaks text into lines of at most `width` columns after `indent` spaces (words longer than that
// stay whole); "\n\n" separates paragraphs.
QString wrapText(const QString& text, int indent, int width = 100);

} // namespace ksv::cli
