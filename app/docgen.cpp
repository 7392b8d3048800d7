// ksvdocgen DIR: writes DIR/kschedviz.1, DIR/kschedviz.bash and DIR/_kschedviz from the command
// table, at build time (app/CMakeLists.txt). Not installed.
#include "commandhelp.h"
#include "completion.h"

#include <QDir>
#include <QFile>

#include <cstdio>

namespace {

bool write(const QString& path, const QString& text)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text.toUtf8()) < 0) {
        std::fprintf(stderr, "ksvdocgen: cannot write %s\n", qPrintable(path));
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: ksvdocgen DIR\n");
        return 2;
    }
    const QDir dir(QString::fromLocal8Bit(argv[1]));
    const bool ok = write(dir.filePath(QStringLiteral("kschedviz.1")), ksv::cli::manPage())
        && write(dir.filePath(QStringLiteral("kschedviz.bash")), ksv::cli::bashCompletionScript())
        && write(dir.filePath(QStringLiteral("_kschedviz")), ksv::cli::zshCompletionScript());
    return ok ? 0 : 1;
}
