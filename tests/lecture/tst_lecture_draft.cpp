// SPDX-License-Identifier: MIT
// Lecture mode (issue 27): the "Add This View as a Step" dialog driven as a lecturer drives it. Tour > Add This View
// as a Step..., a caption typed in English and in Russian, a placeholder picked from the dialog's quantity list into
// the caption last focused, a caption refused (the languages show different numbers) with the dialog kept open, then
// Tour > Save Tour As... to a file that `shardscope tour --check` passes and that plays back to the same view.
#include "language.h"
#include "lecturetesting.h"
#include "lecture.h"
#include "mainwindow.h"
#include "steppage.h"
#include "tour.h"
#include "tourfacts.h"
#include "tourplayer.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>

using namespace shardscope;
using namespace shardscope::lecturetest;

namespace {

/// Runs `drive` on the next modal dialog of class T once it is shown (the dialogs here run their own event loop).
template<typename T>
void whenModal(const std::function<void(T*)>& drive, bool* done)
{
    // The pending timer holds the poll; the poll itself only a weak reference (holding itself, it leaked: ASan).
    auto poll = std::make_shared<std::function<void(int)>>();
    const std::weak_ptr<std::function<void(int)>> self = poll;
    *poll = [drive, done, self](int tries) {
        auto* d = qobject_cast<T*>(QApplication::activeModalWidget());
        if (d && d->isVisible()) {
            drive(d);
            *done = true;
            return;
        }
        if (const auto again = self.lock(); again && tries > 0)
            QTimer::singleShot(20, qApp, [again, tries] { (*again)(tries - 1); });
    };
    QTimer::singleShot(0, qApp, [poll] { (*poll)(500); });
}

/// Picks the entry whose data is `key` from `combo`'s popup list with a mouse click, as a user does.
bool pickFromPopup(QComboBox* combo, const QString& key)
{
    const int row = combo->findData(key);
    if (row < 0)
        return false;
    QSignalSpy activated(combo, &QComboBox::activated);
    combo->showPopup();
    QAbstractItemView* view = combo->view();
    const QModelIndex index = combo->model()->index(row, combo->modelColumn());
    view->scrollTo(index);
    QApplication::processEvents();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
    QApplication::processEvents();
    return activated.count() == 1 && activated.at(0).at(0).toInt() == row;
}

} // namespace

class TestLectureDraft : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(QFontMetrics(QFont()).inFont(QLatin1Char('A'))); // fonts present (TOOLCHAIN pitfall 10)
        QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs); // Qt's own file dialog, which a test can drive
        language::install(QStringLiteral("en"));
    }

    void addStepDialogSaveAndCheck()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow w(defaultScenario());
        Lecture* lecture = showWithLecture(w, QSize(1366, 768), TourSteps::Animated);
        Scenario a = defaultScenario();
        a.gpus = 16;
        a.zeroStage = 3;
        w.setScenario(a);
        w.showTab(QStringLiteral("memory"));
        QApplication::processEvents();
        auto* add = w.findChild<QAction*>(QStringLiteral("actionTourAddStep"));
        QVERIFY(add);

        // The dialog: type the English caption, pick {gpus} from the quantity list (it goes where the cursor is), type
        // on; a Russian caption without the number is refused and the dialog stays open with the reason; the number
        // picked into the Russian caption (the one focused last) makes it acceptable.
        bool driven = false;
        QStringList problems;
        QString englishSeen, russianSeen, errorSeen, gpusEntry;
        whenModal<QDialog>(
            [&](QDialog* d) {
                if (d->objectName() != QLatin1String("tourAddStepDialog")) {
                    problems << QStringLiteral("the modal dialog is '%1'").arg(d->objectName());
                    d->reject();
                    return;
                }
                auto* en = d->findChild<QPlainTextEdit*>(QStringLiteral("caption_en"));
                auto* ru = d->findChild<QPlainTextEdit*>(QStringLiteral("caption_ru"));
                auto* quantity = d->findChild<QComboBox*>(QStringLiteral("tourStepQuantity"));
                auto* highlight = d->findChild<QComboBox*>(QStringLiteral("tourStepHighlight"));
                auto* error = d->findChild<QLabel*>(QStringLiteral("tourStepError"));
                auto* buttons = d->findChild<QDialogButtonBox*>();
                if (!en || !ru || !quantity || !highlight || !error || !buttons) {
                    problems << QStringLiteral("a widget of the dialog is missing");
                    d->reject();
                    return;
                }
                QApplication::setActiveWindow(d); // the focus moves between its edits as a user's clicks move it
                gpusEntry = quantity->itemText(quantity->findData(QStringLiteral("gpus")));
                en->setFocus();
                QTest::keyClicks(en, QStringLiteral("ZeRO-3 on "));
                if (!pickFromPopup(quantity, QStringLiteral("gpus")))
                    problems << QStringLiteral("picking {gpus} from the list did nothing");
                QTest::keyClicks(en, QStringLiteral(" GPUs."));
                englishSeen = en->toPlainText();
                highlight->setCurrentIndex(highlight->findData(QStringLiteral("memory-per-gpu")));
                ru->setFocus();
                QTest::keyClicks(ru, QStringLiteral("ZeRO-3"));
                buttons->button(QDialogButtonBox::Ok)->click();
                QApplication::processEvents();
                if (!d->isVisible() || !error->isVisible())
                    problems << QStringLiteral("a Russian caption without the English one's number was taken");
                errorSeen = error->text();
                ru->insertPlainText(QStringLiteral(" на ")); // QTest types ASCII only
                if (!pickFromPopup(quantity, QStringLiteral("gpus")))
                    problems << QStringLiteral("picking {gpus} into the Russian caption did nothing");
                QTest::keyClicks(ru, QStringLiteral(" GPU."));
                russianSeen = ru->toPlainText();
                buttons->button(QDialogButtonBox::Ok)->click();
                QApplication::processEvents();
                if (d->isVisible()) { // refused: say why and close it (the test must not wait on it)
                    problems << QStringLiteral("the step was refused: %1").arg(error->text());
                    d->reject();
                }
            },
            &driven);
        add->trigger();
        QVERIFY(driven);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        // The list shows each quantity with this view's value: 16 GPUs.
        QCOMPARE(gpusEntry, QStringLiteral("{gpus} = 16"));
        QCOMPARE(englishSeen, QStringLiteral("ZeRO-3 on {gpus} GPUs."));
        QCOMPARE(russianSeen, QStringLiteral("ZeRO-3 на {gpus} GPU."));
        QVERIFY2(errorSeen.contains(QLatin1String("caption.ru")), qPrintable(errorSeen));
        QCOMPARE(lecture->draft().count(), 1);

        // A second step through the dialog: another scenario on the Step tab, the English caption only.
        Scenario b = a;
        b.gpus = 64;
        w.setScenario(b);
        w.showTab(QStringLiteral("step"));
        QApplication::processEvents();
        driven = false;
        whenModal<QDialog>(
            [&](QDialog* d) {
                QApplication::setActiveWindow(d);
                auto* en = d->findChild<QPlainTextEdit*>(QStringLiteral("caption_en"));
                auto* quantity = d->findChild<QComboBox*>(QStringLiteral("tourStepQuantity"));
                if (!en || !quantity) {
                    problems << QStringLiteral("a widget of the second dialog is missing");
                    d->reject();
                    return;
                }
                en->setFocus();
                QTest::keyClicks(en, QStringLiteral("ZeRO-3 on 64 GPUs: "));
                if (!pickFromPopup(quantity, QStringLiteral("total_gb")))
                    problems << QStringLiteral("picking {total_gb} did nothing");
                QTest::keyClicks(en, QStringLiteral(" GB per GPU."));
                englishSeen = en->toPlainText();
                d->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
                QApplication::processEvents();
                if (d->isVisible()) {
                    problems << QStringLiteral("the second step was refused");
                    d->reject();
                }
            },
            &driven);
        add->trigger();
        QVERIFY(driven);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QCOMPARE(englishSeen, QStringLiteral("ZeRO-3 on 64 GPUs: {total_gb} GB per GPU."));
        QCOMPARE(lecture->draft().count(), 2);

        // Tour > Save Tour As...: the file dialog, a name typed without the extension (the tour's id follows it).
        auto* save = w.findChild<QAction*>(QStringLiteral("actionTourSaveAs"));
        QVERIFY(save);
        const QString path = dir.filePath(QStringLiteral("lecturer-draft.tour.json"));
        driven = false;
        whenModal<QFileDialog>(
            [&](QFileDialog* fd) {
                fd->setDirectory(dir.path());
                fd->selectFile(QStringLiteral("lecturer-draft"));
                static_cast<QDialog*>(fd)->accept(); // QFileDialog::accept(), as the Save button
                QApplication::processEvents();
                if (fd->isVisible()) {
                    problems << QStringLiteral("the file dialog stayed open");
                    fd->reject();
                }
            },
            &driven);
        save->trigger();
        QVERIFY(driven);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY2(QFile::exists(path), qPrintable(path));

        // The command line passes it: every caption true against the model, every placeholder known.
        QProcess p;
        p.start(QStringLiteral(SHARDSCOPE_BIN), {QStringLiteral("tour"), QStringLiteral("--check"), path});
        QVERIFY(p.waitForFinished(240000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(p.exitCode() == 0, qPrintable(err));

        // And it reads back to the two steps as they were shown, the captions with the view's numbers.
        const Tour t = loadTour(path);
        QCOMPARE(t.id, QStringLiteral("lecturer-draft"));
        QCOMPARE(t.steps.size(), 2);
        QCOMPARE(t.steps[0].scenario.gpus, 16);
        QCOMPARE(t.steps[0].scenario.zeroStage, 3);
        QCOMPARE(t.steps[0].highlight, QStringLiteral("memory-per-gpu"));
        QCOMPARE(t.steps[1].scenario.gpus, 64);
        QCOMPARE(t.steps[1].scenario.zeroStage, 3);
        QCOMPARE(t.steps[1].tab, QStringLiteral("step"));
        lecture->player()->setAnimated(false);
        QVERIFY(lecture->openTour(path));
        QCOMPARE(lecture->player()->count(), 2);
        QCOMPARE(w.scenario().gpus, 16);
        lecture->player()->next();
        QCOMPARE(w.scenario().gpus, 64);
        QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget*>(w.stepPage()));
    }
};

QTEST_MAIN(TestLectureDraft)
#include "tst_lecture_draft.moc"
